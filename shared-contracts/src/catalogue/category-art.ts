/**
 * Category artwork (product §2.12): one illustration per category, as inline SVG data: URIs.
 * Inline data needs no hosting, so it works from any remote's origin, offline, and can never be
 * the thing that fails to load. Imported as 'shared-contracts/category-art', not from the shared
 * barrel: only the parts that draw categories bundle it, and the first visit's shared copy of
 * shared-contracts carries no pictures (decision 0016).
 */
import { gamepad, sparkles, svgDataUri } from './svg-art';

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">';

/** Shared backdrop: diagonal gradient, soft light blobs and a vignette, so the set looks like one family. */
function backdrop(from: string, to: string): string {
  return `
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
      </linearGradient>
      <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">
        <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/>
      </radialGradient>
    </defs>
    <rect width="400" height="300" fill="url(#bg)"/>
    <g fill="#fff" opacity="0.1">
      <circle cx="52" cy="48" r="58"/><circle cx="360" cy="262" r="84"/><circle cx="338" cy="40" r="18"/>
    </g>
    <rect width="400" height="300" fill="url(#vignette)"/>`;
}

function card(body: string, from: string, to: string): string {
  return svgDataUri(`${SVG_OPEN}${backdrop(from, to)}${body}</svg>`);
}

const ARCADE = card(
  `
  <g stroke="#22d3ee" stroke-width="2" opacity="0.45" fill="none">
    <path d="M0 232 H400 M0 252 H400 M0 276 H400"/>
    <path d="M200 214 L40 300 M200 214 L120 300 M200 214 L200 300 M200 214 L280 300 M200 214 L360 300"/>
  </g>
  <ellipse cx="200" cy="238" rx="118" ry="14" fill="#0b0620" opacity="0.5"/>
  <rect x="100" y="168" width="200" height="66" rx="18" fill="#1e1240"/>
  <rect x="100" y="168" width="200" height="18" rx="9" fill="#3b2580"/>
  <ellipse cx="160" cy="178" rx="24" ry="7" fill="#0b0620"/>
  <rect x="154" y="104" width="12" height="76" rx="6" fill="#e5e7eb"/>
  <circle cx="160" cy="98" r="30" fill="#ff3ea5"/>
  <circle cx="150" cy="87" r="9" fill="#fff" opacity="0.55"/>
  <circle cx="222" cy="206" r="14" fill="#22d3ee"/><circle cx="222" cy="202" r="14" fill="#67e8f9"/>
  <circle cx="262" cy="196" r="14" fill="#facc15"/><circle cx="262" cy="192" r="14" fill="#fde68a"/>
  ${sparkles('#fff', [
    [300, 70, 12],
    [330, 120, 7],
    [76, 130, 8],
  ])}`,
  '#1e1b4b',
  '#be185d',
);

const BIKE_RACING = card(
  `
  <rect y="246" width="400" height="54" fill="#1f1235" opacity="0.55"/>
  <path d="M0 266 H60 M90 266 H150 M180 266 H240 M270 266 H330 M360 266 H400" stroke="#fde68a" stroke-width="5" opacity="0.8"/>
  <g stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.55">
    <path d="M24 126 H74 M10 160 H66 M30 194 H80"/>
  </g>
  <g fill="none" stroke="#1a1033" stroke-width="14"><circle cx="125" cy="208" r="36"/><circle cx="292" cy="208" r="36"/></g>
  <g fill="none" stroke="#fde68a" stroke-width="4"><circle cx="125" cy="208" r="19"/><circle cx="292" cy="208" r="19"/></g>
  <path d="M125 208 L172 158 L244 160 L292 208" fill="none" stroke="#1a1033" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>
  <line x1="292" y1="208" x2="262" y2="132" stroke="#1a1033" stroke-width="9" stroke-linecap="round"/>
  <line x1="252" y1="126" x2="282" y2="120" stroke="#1a1033" stroke-width="8" stroke-linecap="round"/>
  <path d="M168 152 Q204 122 252 138 L266 166 L178 170 Z" fill="#fde047"/>
  <path d="M146 150 L196 146" stroke="#1a1033" stroke-width="11" stroke-linecap="round"/>
  <path d="M186 144 L226 178 L212 208" fill="none" stroke="#312e81" stroke-width="15" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M186 144 L214 98 L258 124" fill="none" stroke="#fff" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="226" cy="78" r="22" fill="#22d3ee"/>
  <path d="M230 70 H250 Q252 84 236 86 Z" fill="#0e7490"/>`,
  '#fb923c',
  '#b91c1c',
);

const heart = 'M0 12 C-22 -4 -14 -24 0 -10 C14 -24 22 -4 0 12 Z';
const spade = 'M0 -14 C-22 2 -14 22 0 8 C14 22 22 2 0 -14 Z M0 4 L-7 18 H7 Z';
const diamond = 'M0 -17 L12 0 L0 17 L-12 0 Z';

function playingCard(angle: number, rank: string, suit: string, color: string): string {
  return `
  <g transform="rotate(${angle} 200 340)">
    <rect x="158" y="74" width="84" height="118" rx="10" fill="#fff" stroke="#d1d5db" stroke-width="2"/>
    <text x="170" y="98" font-family="Georgia, 'Times New Roman', serif" font-size="20" font-weight="700" fill="${color}">${rank}</text>
    <path d="${suit}" fill="${color}" transform="translate(200 136) scale(1.5)"/>
  </g>`;
}

function chip(x: number, y: number, color: string): string {
  return `<circle cx="${x}" cy="${y}" r="20" fill="${color}"/><circle cx="${x}" cy="${y}" r="20" fill="none" stroke="#fff" stroke-width="5" stroke-dasharray="6 6"/><circle cx="${x}" cy="${y}" r="11" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="2"/>`;
}

const CARD_GAMES = card(
  `
  <ellipse cx="200" cy="236" rx="120" ry="18" fill="#000" opacity="0.25"/>
  ${playingCard(-18, 'K', heart, '#dc2626')}
  ${playingCard(0, 'A', spade, '#111827')}
  ${playingCard(18, 'Q', diamond, '#dc2626')}
  ${chip(82, 236, '#dc2626')}${chip(112, 252, '#2563eb')}${chip(322, 240, '#f59e0b')}
  ${sparkles('#fde68a', [
    [318, 76, 10],
    [86, 92, 8],
  ])}`,
  '#16a34a',
  '#052e16',
);

const CASUAL_GAMES = card(
  `
  <g>
    <rect x="60" y="70" width="12" height="12" rx="2" fill="#f472b6" transform="rotate(20 66 76)"/>
    <rect x="320" y="96" width="12" height="12" rx="2" fill="#facc15" transform="rotate(-25 326 102)"/>
    <rect x="90" y="214" width="12" height="12" rx="2" fill="#34d399" transform="rotate(35 96 220)"/>
    <rect x="300" y="210" width="12" height="12" rx="2" fill="#f472b6" transform="rotate(-10 306 216)"/>
    <circle cx="110" cy="130" r="6" fill="#fde047"/><circle cx="296" cy="160" r="7" fill="#a7f3d0"/>
    <circle cx="140" cy="60" r="5" fill="#fff"/><circle cx="262" cy="246" r="5" fill="#fff"/>
  </g>
  <ellipse cx="200" cy="246" rx="70" ry="10" fill="#000" opacity="0.2"/>
  <path d="M200 62 L223 117 L283 122 L237 162 L251 221 L200 190 L149 221 L163 162 L117 122 L177 117 Z"
    fill="#facc15" stroke="#f59e0b" stroke-width="10" stroke-linejoin="round"/>
  <path d="M200 84 L216 122 L250 126" fill="none" stroke="#fef9c3" stroke-width="6" stroke-linecap="round" opacity="0.8"/>
  <circle cx="184" cy="146" r="7" fill="#1e1b4b"/><circle cx="216" cy="146" r="7" fill="#1e1b4b"/>
  <circle cx="186" cy="143" r="2.5" fill="#fff"/><circle cx="218" cy="143" r="2.5" fill="#fff"/>
  <circle cx="170" cy="164" r="8" fill="#fb7185" opacity="0.7"/><circle cx="230" cy="164" r="8" fill="#fb7185" opacity="0.7"/>
  <path d="M184 164 Q200 182 216 164" fill="none" stroke="#1e1b4b" stroke-width="5" stroke-linecap="round"/>`,
  '#38bdf8',
  '#4338ca',
);

/** One match-3 gem, centred on (x, y). */
function gem(x: number, y: number, kind: 'ruby' | 'sapphire' | 'emerald' | 'topaz' | 'amethyst'): string {
  const shapes = {
    ruby: `<path d="M0 -18 L18 0 L0 18 L-18 0 Z" fill="#ef4444"/><path d="M0 -18 L18 0 L0 0 Z" fill="#fca5a5"/>`,
    sapphire: `<circle r="17" fill="#3b82f6"/><circle cx="-5" cy="-6" r="6" fill="#bfdbfe"/>`,
    emerald: `<rect x="-15" y="-15" width="30" height="30" rx="6" fill="#10b981"/><rect x="-9" y="-9" width="10" height="10" rx="2" fill="#a7f3d0"/>`,
    topaz: `<path d="M0 -18 L17 14 H-17 Z" fill="#f59e0b" stroke="#f59e0b" stroke-width="4" stroke-linejoin="round"/><path d="M0 -10 L6 2 H-6 Z" fill="#fef3c7"/>`,
    amethyst: `<path d="M-9 -16 H9 L18 0 L9 16 H-9 L-18 0 Z" fill="#c084fc"/><path d="M-9 -16 H9 L4 -6 H-4 Z" fill="#f3e8ff"/>`,
  } as const;
  return `<g transform="translate(${x} ${y})">${shapes[kind]}</g>`;
}

const MATCH3_GRID: ReadonlyArray<ReadonlyArray<Parameters<typeof gem>[2]>> = [
  ['sapphire', 'emerald', 'topaz'],
  ['ruby', 'ruby', 'ruby'],
  ['amethyst', 'sapphire', 'emerald'],
];

const MATCH3_GAMES = card(
  `
  <rect x="104" y="52" width="192" height="196" rx="20" fill="#1e0b3a" opacity="0.7"/>
  ${MATCH3_GRID.flatMap((row, r) =>
    row.map((kind, c) => {
      const x = 140 + c * 60;
      const y = 90 + r * 60;
      return `<rect x="${x - 25}" y="${y - 25}" width="50" height="50" rx="10" fill="#fff" opacity="0.1"/>${gem(x, y, kind)}`;
    }),
  ).join('')}
  <rect x="111" y="121" width="178" height="58" rx="14" fill="none" stroke="#fde047" stroke-width="4"/>
  ${sparkles('#fde047', [
    [300, 118, 12],
    [96, 182, 9],
    [320, 200, 6],
  ])}`,
  '#a855f7',
  '#3b0764',
);

/** Jigsaw piece with knobs on top and right, holes on bottom and left (100 x 100 units). */
const JIGSAW =
  'M0 0 H35 C30 -22 70 -22 65 0 H100 V35 C122 30 122 70 100 65 V100 H65 C70 78 30 78 35 100 H0 V65 C22 70 22 30 0 35 Z';

function piece(transform: string, fill: string, shade: string): string {
  return `<g transform="${transform}">
    <path d="${JIGSAW}" fill="#000" opacity="0.25" transform="translate(6 8)"/>
    <path d="${JIGSAW}" fill="${fill}"/>
    <path d="M8 10 H30" stroke="#fff" stroke-opacity="0.5" stroke-width="6" stroke-linecap="round"/>
    <path d="M100 65 V100 H65" fill="none" stroke="${shade}" stroke-width="6" stroke-linecap="round"/>
  </g>`;
}

const PUZZLE_GAMES = card(
  `
  ${piece('translate(46 150) rotate(-16) scale(0.78)', '#f472b6', '#be185d')}
  ${piece('translate(292 34) rotate(18) scale(0.66)', '#fde047', '#ca8a04')}
  ${piece('translate(150 92) scale(1.05)', '#fff', '#99f6e4')}
  ${sparkles('#fff', [
    [88, 80, 10],
    [330, 220, 9],
  ])}`,
  '#2dd4bf',
  '#115e59',
);

function checkeredFlag(x: number, y: number): string {
  const squares: string[] = [];
  for (let r = 0; r < 4; r += 1) {
    for (let c = 0; c < 5; c += 1) {
      squares.push(
        `<rect x="${x + 4 + c * 12}" y="${y + r * 12 + c * 2}" width="12" height="12" fill="${(r + c) % 2 === 0 ? '#111827' : '#fff'}"/>`,
      );
    }
  }
  return `<rect x="${x - 2}" y="${y - 4}" width="5" height="96" rx="2" fill="#e5e7eb"/>${squares.join('')}`;
}

const RACING_GAMES = card(
  `
  <rect y="236" width="400" height="64" fill="#111827" opacity="0.5"/>
  <path d="M20 268 H80 M120 268 H180 M220 268 H280 M320 268 H380" stroke="#fff" stroke-width="5" opacity="0.7"/>
  ${checkeredFlag(48, 44)}
  <g stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.5"><path d="M14 168 H50 M4 196 H40"/></g>
  <ellipse cx="208" cy="230" rx="150" ry="10" fill="#000" opacity="0.35"/>
  <path d="M62 208 V188 Q62 172 82 170 L142 162 L170 132 Q178 124 190 124 H240 Q252 124 260 134 L284 162 L334 168 Q352 172 352 192 V208 Z" fill="#fde047"/>
  <path d="M62 192 H352 V208 H62 Z" fill="#f59e0b"/>
  <path d="M178 160 L192 136 H236 L254 160 Z" fill="#1e3a8a"/>
  <path d="M196 140 H214 L206 156 H188 Z" fill="#bfdbfe" opacity="0.8"/>
  <circle cx="212" cy="184" r="13" fill="#fff"/>
  <text x="212" y="190" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="16" font-weight="800" fill="#b91c1c">7</text>
  <rect x="330" y="176" width="20" height="8" rx="3" fill="#fff7ed"/>
  <g><circle cx="118" cy="208" r="28" fill="#111827"/><circle cx="118" cy="208" r="12" fill="#9ca3af"/>
  <circle cx="298" cy="208" r="28" fill="#111827"/><circle cx="298" cy="208" r="12" fill="#9ca3af"/></g>`,
  '#ef4444',
  '#7f1d1d',
);

function battlements(x: number, y: number, count: number): string {
  return Array.from({ length: count }, (_, i) => `<rect x="${x + i * 19}" y="${y}" width="13" height="16" rx="2"/>`).join('');
}

const STRATEGY_GAMES = card(
  `
  <ellipse cx="200" cy="246" rx="130" ry="14" fill="#000" opacity="0.3"/>
  <path d="M200 112 V54" stroke="#fef3c7" stroke-width="4"/>
  <path d="M202 56 Q222 50 240 62 Q222 70 202 70 Z" fill="#dc2626"/>
  <g fill="#fff7ed">
    <rect x="106" y="150" width="62" height="94"/>${battlements(106, 136, 4)}
    <rect x="232" y="150" width="62" height="94"/>${battlements(232, 136, 4)}
    <rect x="162" y="112" width="76" height="132"/>${battlements(162, 98, 4)}
  </g>
  <g fill="#fcd34d" opacity="0.45"><rect x="150" y="150" width="18" height="94"/><rect x="276" y="150" width="18" height="94"/><rect x="220" y="112" width="18" height="132"/></g>
  <path d="M182 244 V210 Q200 188 218 210 V244 Z" fill="#78350f"/>
  <g fill="#78350f"><rect x="192" y="140" width="16" height="24" rx="8"/><rect x="128" y="176" width="14" height="20" rx="7"/><rect x="256" y="176" width="14" height="20" rx="7"/></g>
  <g transform="translate(304 188)">
    <path d="M0 -34 L30 -24 V4 Q30 28 0 40 Q-30 28 -30 4 V-24 Z" fill="#1d4ed8" stroke="#fef3c7" stroke-width="5"/>
    <path d="M0 -18 V24 M-16 0 H16" stroke="#fef3c7" stroke-width="6" stroke-linecap="round"/>
  </g>
  ${sparkles('#fff', [
    [76, 82, 10],
    [330, 96, 7],
  ])}`,
  '#fbbf24',
  '#9a3412',
);

/** Shown for a category that has no artwork of its own, or when its artwork fails to load. */
export const DEFAULT_CATEGORY_IMAGE = card(
  `${gamepad()}${sparkles('#fff', [
    [86, 84, 11],
    [318, 76, 8],
    [320, 230, 10],
  ])}`,
  '#8b5cf6',
  '#312e81',
);

/** Artwork per category of product §3, including Match-3 Games which no game uses yet. */
export const CATEGORY_IMAGES: Readonly<Record<string, string>> = Object.freeze({
  'Arcade Games': ARCADE,
  'Bike Racing': BIKE_RACING,
  'Card Games': CARD_GAMES,
  'Casual Games': CASUAL_GAMES,
  'Match-3 Games': MATCH3_GAMES,
  'Puzzle Games': PUZZLE_GAMES,
  'Racing Games': RACING_GAMES,
  'Strategy Games': STRATEGY_GAMES,
});

/** The category's own image; an unknown category gets DEFAULT_CATEGORY_IMAGE. */
export function categoryImage(category: string): string {
  return Object.hasOwn(CATEGORY_IMAGES, category) ? (CATEGORY_IMAGES[category] as string) : DEFAULT_CATEGORY_IMAGE;
}
