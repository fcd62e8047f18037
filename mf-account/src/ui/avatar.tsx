import { useState } from 'react';
import type { UserRecord } from '@portal/shared-contracts/account';
import { initialsOf, pictureSrc } from './picture-url';
import { useAccountConfig } from './account-config';
import { Icon } from '@portal/ui';
import './avatar.css';

/** The player's picture, or their initials when there is none (or it fails to load). */
export function Avatar({ user, size = 40, src }: { user: UserRecord | null; size?: number; src?: string | null }) {
  const { accountApiUrl } = useAccountConfig();
  const url = src ?? pictureSrc(user?.picture_url, accountApiUrl);
  // Remember which address failed, so a new picture gets its own try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = url !== null && failedUrl === url;
  const initials = initialsOf(user);
  return (
    <span className="acc-avatar" style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }} aria-hidden="true">
      {url && !failed ? (
        <img
          className="acc-avatar__img"
          src={url}
          alt=""
          onError={() => {
            setFailedUrl(url);
          }}
        />
      ) : initials ? (
        <span className="acc-avatar__initials">{initials}</span>
      ) : (
        <Icon name="person" solid width="60%" height="60%" />
      )}
    </span>
  );
}
