import type { SVGProps } from 'react';

/**
 * The icons of Home's first visit (the card's, the slider's, the header's search), on their own:
 * Home draws them without carrying the whole set.
 */
export const SEARCH_ICON = 'M18 11a7 7 0 1 1-14 0a7 7 0 1 1 14 0M20 20l-3.6-3.6';
export const PLAY_ICON = 'M8 5v14l11-7z';
export const CHEVRON_LEFT_ICON = 'M15 5l-7 7 7 7';
export const CHEVRON_RIGHT_ICON = 'M9 5l7 7-7 7';
export const ARROW_RIGHT_ICON = 'M5 12h14M13 6l6 6-6 6';
export const HEART_ICON =
  'M12 20.5s-7.5-4.6-9.4-9.3C1.3 7.9 3.4 4.5 6.9 4.5c2.1 0 3.6 1.2 5.1 3 1.5-1.8 3-3 5.1-3 3.5 0 5.6 3.4 4.3 6.7-1.9 4.7-9.4 9.3-9.4 9.3z';

export interface PathIconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'viewBox'> {
  /** Path data in the 24-unit grid (an entry of ICONS). */
  d: string;
  /** Width and height in px (default 20). */
  size?: number;
  /** Stroke width in the 24-unit grid (default 2.2). */
  weight?: number;
  /** Filled with the text colour instead of outlined (the play triangle). */
  solid?: boolean;
}

/** One icon from its path data. Decorative by default (hidden from assistive tech): the button or link around it carries the name. */
export function PathIcon({ d, size = 20, weight = 2.2, solid = false, ...rest }: PathIconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...rest}>
      <path
        d={d}
        fill={solid ? 'currentColor' : 'none'}
        stroke={solid ? 'none' : 'currentColor'}
        strokeWidth={solid ? undefined : weight}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
