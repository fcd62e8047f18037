import type { ReactNode } from 'react';

/** Primary submit button that shows progress and blocks double submits while busy. */
export function SubmitButton({ busy, children, className }: { busy: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" className={`button button--primary acc-submit ${className ?? ''}`} disabled={busy} aria-busy={busy}>
      {busy ? <span className="acc-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
