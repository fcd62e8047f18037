import { toast } from 'react-toastify';
import { shareOrCopy } from './share';

export const SHARE_TEXT = {
  copied: 'Link copied to the clipboard.',
  failed: 'Could not copy the link.',
} as const;

/** Shares the play page's link (Web Share API), else copies it and says so in a toast. */
export function ShareButton({ title }: { title: string }) {
  const onClick = async () => {
    const outcome = await shareOrCopy({ title, url: window.location.href });
    if (outcome === 'copied') toast.success(SHARE_TEXT.copied, { toastId: 'share-link' });
    if (outcome === 'failed') toast.error(SHARE_TEXT.failed, { toastId: 'share-link' });
  };
  return (
    <button type="button" className="play-page__tool" onClick={() => void onClick()}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M12 15V3m0 0L7.5 7.5M12 3l4.5 4.5M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7"
        />
      </svg>
      <span className="play-page__tool-label">Share</span>
    </button>
  );
}
