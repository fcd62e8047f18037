import {
  ARROW_RIGHT_ICON,
  CHEVRON_LEFT_ICON,
  CHEVRON_RIGHT_ICON,
  HEART_ICON,
  PathIcon,
  PLAY_ICON,
  SEARCH_ICON,
  type PathIconProps,
} from './path-icon';

/**
 * The site's one icon set: 24×24 outline icons drawn with the text colour. Each is path data
 * only, so adding an icon is one line here and every part draws it the same way.
 */
export const ICONS = {
  search: SEARCH_ICON,
  chevronLeft: CHEVRON_LEFT_ICON,
  chevronRight: CHEVRON_RIGHT_ICON,
  chevronDown: 'M6 9l6 6 6-6',
  alert: 'M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0M12 7v6M12 17h.01',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0',
  eyeOff:
    'M17.94 17.94A10.1 10.1 0 0 1 12 19c-6.4 0-10-7-10-7a18.5 18.5 0 0 1 5.06-5.94M9.9 4.24A9.1 9.1 0 0 1 12 4c6.4 0 10 7 10 7a18.6 18.6 0 0 1-2.16 3.19M14.12 14.12a3 3 0 1 1-4.24-4.24M1 1l22 22',
  camera: 'M4 8h3l2-3h6l2 3h3v11H4zM8.5 13a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0',
  coins:
    'M4 7a8 3.5 0 1 0 16 0a8 3.5 0 1 0-16 0M4 7v5c0 1.9 3.6 3.5 8 3.5s8-1.6 8-3.5V7M4 12v5c0 1.9 3.6 3.5 8 3.5s8-1.6 8-3.5v-5',
  lock: 'M6.5 10h11a2.5 2.5 0 0 1 2.5 2.5v6a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 18.5v-6A2.5 2.5 0 0 1 6.5 10zM8 10V7a4 4 0 0 1 8 0v3',
  user: 'M8 8a4 4 0 1 0 8 0a4 4 0 1 0-8 0M4 21c0-4 3.6-6 8-6s8 2 8 6',
  person: 'M12 12a5 5 0 1 0-5-5 5 5 0 0 0 5 5zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5z',
  logout: 'M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H3',
  arrowRight: ARROW_RIGHT_ICON,
  menu: 'M4 6h16M4 12h16M4 18h10',
  close: 'M6 6l12 12M18 6L6 18',
  play: PLAY_ICON,
  fullscreen: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  heart: HEART_ICON,
  share: 'M12 15V3m0 0L7.5 7.5M12 3l4.5 4.5M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7',
  gamepad:
    'M7 9h4M9 7v4M15.5 9.5h.01M17.5 11.5h.01M6.5 5h11A4.5 4.5 0 0 1 22 9.5l-.6 6.1a3 3 0 0 1-5.4 1.5L14.5 15h-5L8 17.1a3 3 0 0 1-5.4-1.5L2 9.5A4.5 4.5 0 0 1 6.5 5z',
} as const;
export type IconName = keyof typeof ICONS;

/** An icon of the set by name. */
export function Icon({ name, ...rest }: Omit<PathIconProps, 'd'> & { name: IconName }) {
  return <PathIcon d={ICONS[name]} {...rest} />;
}
