import type { ReactNode } from 'react';

/** Cards a page shows while its remote loads: the first screen's shape, before any game data. */
const PLACEHOLDER_CARDS = 12;

/**
 * The page's shape while its remote loads; also what the pre-rendered HTML shows before any
 * script has run, so the first paint already has the layout the content will fill. With a lead,
 * the lead stands in the page's own frame and the cards follow it without a title bar.
 */
export function PagePlaceholder({ shape, lead }: { shape: 'cards' | 'frame'; lead?: ReactNode }) {
  const placeholder = (
    <div
      className={`remote-placeholder remote-placeholder--${shape}${lead ? ' remote-placeholder--after-lead' : ''}`}
      role="status"
      aria-live="polite"
    >
      <span className="visually-hidden">Loading…</span>
      {shape === 'frame' ? (
        <span className="placeholder-frame" aria-hidden="true" />
      ) : (
        <>
          {!lead && <span className="placeholder-title" aria-hidden="true" />}
          <span className="placeholder-grid" aria-hidden="true">
            {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
              <span key={i} className="placeholder-card" />
            ))}
          </span>
        </>
      )}
    </div>
  );
  return lead ? (
    <div className="page">
      {lead}
      {placeholder}
    </div>
  ) : (
    placeholder
  );
}
