// The picture shown when a game's thumbnail fails to load (product §2.12): an inline SVG data:
// URI, like the category art, so it never fails itself. Imported as '@portal/shared-contracts/game-art':
// a game card needs it, the category pictures stay out of that bundle (decision 0016).
import { gamepad, sparkles, svgDataUri } from './svg-art';

/** Square like the feed thumbnails (512 x 512), shown when a game's thumbnail fails to load. */
export const DEFAULT_GAME_IMAGE = svgDataUri(`
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="512" height="512">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#312a66"/><stop offset="1" stop-color="#120f26"/></linearGradient>
      <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#8b5cf6" stop-opacity="0.65"/><stop offset="1" stop-color="#8b5cf6" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="400" height="400" fill="url(#bg)"/>
    <circle cx="200" cy="200" r="170" fill="url(#glow)"/>
    <g fill="none" stroke="#22d3ee" stroke-opacity="0.18" stroke-width="2"><circle cx="200" cy="200" r="120"/><circle cx="200" cy="200" r="160"/></g>
    <g transform="translate(0 35)">${gamepad()}</g>
    ${sparkles('#c4b5fd', [
      [92, 96, 12],
      [318, 110, 9],
      [300, 312, 11],
      [104, 300, 7],
    ])}
  </svg>`);
