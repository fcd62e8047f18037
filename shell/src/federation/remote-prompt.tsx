interface Prompt {
  /** The inline button's tooltip. */
  inlineTitle: string;
  heading: string;
  text: string;
  action: string;
}

const RETRY_PROMPT: Prompt = {
  inlineTitle: 'This part of the site did not load. Try again.',
  heading: 'This part of the site is taking a break',
  text: "We couldn't load it just now. The rest of the site still works.",
  action: 'Retry',
};

/** After a redeploy this tab cannot take in place: a Retry could not fix it. */
const NEW_VERSION_PROMPT: Prompt = {
  inlineTitle: 'A new version is available. Reload the page.',
  heading: 'A new version is available — Reload',
  text: 'This part of the site was updated while the page was open.',
  action: 'Reload',
};

const reloadPage = () => window.location.reload();

/**
 * What stands in for a part that cannot show: a page-sized alert, or an inline button in the
 * header. Outdated: a Reload of the page; otherwise a Retry of the part.
 */
export function RemotePrompt({
  variant,
  outdated,
  onRetry,
}: {
  variant: 'page' | 'inline';
  outdated: boolean;
  onRetry: () => void;
}) {
  const [prompt, onAction] = outdated ? [NEW_VERSION_PROMPT, reloadPage] : [RETRY_PROMPT, onRetry];
  if (variant === 'inline') {
    return (
      <button type="button" className="remote-inline-retry" onClick={onAction} title={prompt.inlineTitle}>
        {prompt.action}
      </button>
    );
  }
  return (
    <div className="remote-fallback" role="alert">
      <h2>{prompt.heading}</h2>
      <p>{prompt.text}</p>
      <button type="button" className="button button--primary" onClick={onAction}>
        {prompt.action}
      </button>
    </div>
  );
}
