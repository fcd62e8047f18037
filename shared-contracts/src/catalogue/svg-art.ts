// Drawing helpers of the catalogue's artwork (game-art.ts; the category art is drawn in .svg files).

/** Turns SVG markup into a data: URI usable as an <img src>. */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg.replace(/\s+/g, ' ').replace(/> </g, '><').trim())}`;
}

export function sparkles(color: string, points: ReadonlyArray<readonly [number, number, number]>): string {
  return points
    .map(
      ([x, y, s]) =>
        `<path d="M${x} ${y - s} Q${x} ${y} ${x + s} ${y} Q${x} ${y} ${x} ${y + s} Q${x} ${y} ${x - s} ${y} Q${x} ${y} ${x} ${y - s} Z" fill="${color}"/>`,
    )
    .join('');
}

/** The gamepad drawn on the default category and game pictures. */
export function gamepad(): string {
  return `
  <path d="M124 126 Q126 104 152 104 H248 Q274 104 276 126 L298 196 Q306 228 278 230 Q262 231 252 210 L242 192 H158 L148 210 Q138 231 122 230 Q94 228 102 196 Z" fill="#1e1b4b" stroke="#c4b5fd" stroke-width="5"/>
  <g fill="#c4b5fd"><rect x="142" y="138" width="40" height="13" rx="4"/><rect x="155" y="125" width="14" height="40" rx="4"/></g>
  <circle cx="246" cy="128" r="9" fill="#22d3ee"/><circle cx="266" cy="146" r="9" fill="#f472b6"/>
  <circle cx="226" cy="146" r="9" fill="#facc15"/><circle cx="246" cy="164" r="9" fill="#34d399"/>`;
}
