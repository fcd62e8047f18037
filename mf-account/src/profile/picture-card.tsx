import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { UserRecord } from '@portal/shared-contracts/account';
import { upload } from './profile-actions';
import { useAccountDispatch } from '../store/hooks';
import { useProfileSelector } from './profile-state';
import { Avatar } from '../ui/avatar';
import { FormAlert } from '../ui/form-alert';
import { displayNameOf } from '../ui/picture-url';
import { Icon } from '@portal/ui';

/** What the API accepts (checked again there, by content). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_TYPE_MESSAGE = 'Choose a PNG, JPEG, GIF or WebP image.';
export const PICTURE_SIZE_MESSAGE = 'Choose an image of at most 5 MB.';

const memberSince = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString(undefined, { year: 'numeric', month: 'long' });
};

/** The player card: picture with upload and preview, name, handle, email and status. */
export function PictureCard({ user }: { user: UserRecord }) {
  const dispatch = useAccountDispatch();
  const uploadStatus = useProfileSelector((state) => state.profile.upload);
  const saveStatus = useProfileSelector((state) => state.profile.savePicture);
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const busy = uploadStatus.loading || saveStatus.loading;

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!preview) return;
    return () => {
      URL.revokeObjectURL(preview);
    };
  }, [preview]);

  // The chain ended with the new picture saved: the preview has become the real one.
  const [seenSaved, setSeenSaved] = useState(saveStatus.success);
  if (saveStatus.success !== seenSaved) {
    setSeenSaved(saveStatus.success);
    if (saveStatus.success) setFile(null);
  }

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    const problem = !PICTURE_TYPES.includes(chosen.type)
      ? PICTURE_TYPE_MESSAGE
      : chosen.size > PICTURE_MAX_BYTES
        ? PICTURE_SIZE_MESSAGE
        : null;
    setMessage(problem);
    setFile(problem ? null : chosen);
  };

  const since = memberSince(user.created_at);
  return (
    <section className="acc-card acc-player-card" aria-labelledby="acc-player-name">
      <div className="acc-player-card__banner" aria-hidden="true" />
      <div className="acc-player-card__picture">
        <Avatar user={user} size={112} src={preview} />
        <button
          type="button"
          className="acc-player-card__camera"
          onClick={() => input.current?.click()}
          aria-label="Choose a new picture"
          disabled={busy}
        >
          <Icon name="camera" size={18} weight={2} />
        </button>
      </div>
      <input
        ref={input}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        className="visually-hidden"
        onChange={choose}
        aria-label="Profile picture file"
        tabIndex={-1}
      />
      <h2 className="acc-player-card__name" id="acc-player-name">
        {displayNameOf(user)}
      </h2>
      <p className="acc-player-card__handle">@{user.username}</p>
      <p className="acc-player-card__email">
        {user.email}
        {user.email_verified ? (
          <span className="acc-badge acc-badge--success">Verified</span>
        ) : (
          <span className="acc-badge acc-badge--warning">Not verified</span>
        )}
      </p>
      {since ? <p className="acc-player-card__since">Member since {since}</p> : null}

      {file ? (
        <div className="acc-player-card__pending">
          <p className="acc-player-card__file">
            New picture: <strong>{file.name}</strong>
          </p>
          <div className="acc-player-card__buttons">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setFile(null);
              }}
              disabled={busy}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => dispatch(upload.pending(file))}
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? <span className="acc-spinner" aria-hidden="true" /> : null}
              Save picture
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button acc-player-card__change" onClick={() => input.current?.click()}>
          {user.picture_url ? 'Change picture' : 'Upload picture'}
        </button>
      )}
      <FormAlert message={message ?? uploadStatus.error ?? saveStatus.error} />
    </section>
  );
}
