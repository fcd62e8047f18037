import './round-button.css';

/** The class of a round icon button (round-button.css); the part adds its own class for size and states. */
export const ROUND_BUTTON_CLASS = 'ui-round-button';
