import './visually-hidden-when.css';

/**
 * The class of text that is hidden from sight (kept for screen readers) where the part's own
 * media or container query sets `--ui-visually-hidden: ;` on it (visually-hidden-when.css).
 */
export const VISUALLY_HIDDEN_WHEN_CLASS = 'ui-visually-hidden-when';
