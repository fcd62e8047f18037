import { useId, useState } from 'react';

/** Longer than this, a description is shortened to its first lines until "Read more". */
export const READ_MORE_AFTER_CHARS = 320;

export const READ_MORE_TEXT = { more: 'Read more', less: 'Show less' } as const;

/**
 * A paragraph shown whole when short; when long, its first lines (the rest is in the page, so
 * the server's HTML and a screen reader's find have it all) and a button for the rest.
 */
export function ReadMore({ text, className }: { text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > READ_MORE_AFTER_CHARS;
  return (
    <div className={`read-more${long && !open ? ' read-more--short' : ''}${className ? ` ${className}` : ''}`}>
      <p id={id} className="read-more__text">
        {text}
      </p>
      {long && (
        <button
          type="button"
          className="read-more__toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? READ_MORE_TEXT.less : READ_MORE_TEXT.more}
        </button>
      )}
    </div>
  );
}
