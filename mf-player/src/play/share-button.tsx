import { loadToast } from '../ui/load-toast';
import { shareOrCopy } from './share';
import { Icon, VISUALLY_HIDDEN_WHEN_CLASS } from '@portal/ui';

export const SHARE_TEXT = {
  copied: 'Link copied to the clipboard.',
  failed: 'Could not copy the link.',
} as const;

/** Shares the play page's link (Web Share API), else copies it and says so in a toast. */
export function ShareButton({ title }: { title: string }) {
  const onClick = async () => {
    // The share or copy starts first, inside the click's user activation.
    const [outcome, toast] = await Promise.all([shareOrCopy({ title, url: window.location.href }), loadToast()]);
    if (outcome === 'copied') toast.success(SHARE_TEXT.copied, { toastId: 'share-link' });
    if (outcome === 'failed') toast.error(SHARE_TEXT.failed, { toastId: 'share-link' });
  };
  return (
    <button type="button" className="button play-page__tool" onClick={() => void onClick()}>
      <Icon name="share" size={20} />
      <span className={`play-page__tool-label ${VISUALLY_HIDDEN_WHEN_CLASS}`}>Share</span>
    </button>
  );
}
