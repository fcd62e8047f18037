// What client telemetry costs the first visit of `/`, in brotli bytes as served, read from the
// shell's production build (shell/dist):
//
// - start-up: the bytes of telemetry's own modules inside the chunks every page loads first
//   (main…), measured as brotli(chunk) − brotli(chunk without those modules' code), so it is what
//   they add after compression, not their share before it. Their code is found through each
//   chunk's source map (the build emits them).
// - idle: the chunk(s) the shell loads when the browser is idle (web-vitals and the sender), as
//   their precompressed .br file. They are part of a first visit's bytes, not of its start-up.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';

/** Sources that are telemetry's: the shell's telemetry folder, its contracts, web-vitals. */
const TELEMETRY_SOURCE = /\/src\/telemetry\/|\/shared-contracts\/src\/telemetry\/|\/node_modules\/web-vitals\//;

const brotli = (bytes) => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

const VLQ = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** A source map's segments, each [generated column, source index or -1], line by line. */
function decodeMappings(mappings) {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    const segments = [];
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = VLQ.get(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    return segments;
  });
}

/** The chunk's code with every character mapped to a telemetry source left out, and how many. */
function withoutTelemetry(code, map) {
  const ours = new Set(map.sources.flatMap((source, index) => (TELEMETRY_SOURCE.test(source) ? [index] : [])));
  if (ours.size === 0) return { rest: code, removed: 0 };
  const lines = code.split('\n');
  const decoded = decodeMappings(map.mappings);
  let removed = 0;
  const kept = lines.map((line, l) => {
    const segments = decoded[l] ?? [];
    let out = '';
    let from = 0;
    let ourSince = -1;
    // A segment runs from its column to the next segment's (or the line's end).
    for (let i = 0; i <= segments.length; i += 1) {
      const column = i < segments.length ? segments[i][0] : line.length;
      const isOurs = i < segments.length && ours.has(segments[i][1]);
      if (ourSince >= 0 && !isOurs) {
        removed += column - ourSince;
        from = column;
        ourSince = -1;
      } else if (ourSince < 0 && isOurs) {
        out += line.slice(from, column);
        ourSince = column;
      }
    }
    return ourSince >= 0 ? out : out + line.slice(from);
  });
  return { rest: kept.join('\n'), removed };
}

/**
 * Telemetry's bytes on a first visit of `/`: start-up (in the entry chunk, brotli) and idle (its
 * own chunks, brotli), with the chunk names.
 */
export function telemetryBytes(shellDist) {
  const html = readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*\ssrc="\/?([^"]+\.js)"/g)].map((match) => match[1]);
  const startup = { brotli: 0, chunkBrotli: 0, minified: 0, chunks: [] };
  for (const file of entries) {
    const code = readFileSync(path.join(shellDist, file), 'utf8');
    const mapFile = path.join(shellDist, `${file}.map`);
    if (!existsSync(mapFile)) throw new Error(`${file}.map is missing: the shell's build emits source maps`);
    const { rest, removed } = withoutTelemetry(code, JSON.parse(readFileSync(mapFile, 'utf8')));
    const whole = brotli(Buffer.from(code));
    startup.chunkBrotli += whole;
    startup.brotli += whole - brotli(Buffer.from(rest));
    startup.minified += removed;
    startup.chunks.push(file);
  }
  // The idle chunk(s): every chunk whose sources are telemetry's only.
  const idle = { brotli: 0, chunks: [] };
  for (const file of readdirSync(shellDist).filter((name) => name.endsWith('.js') && !entries.includes(name))) {
    const mapFile = path.join(shellDist, `${file}.map`);
    if (!existsSync(mapFile)) continue;
    const { sources } = JSON.parse(readFileSync(mapFile, 'utf8'));
    if (!sources.some((source) => /\/src\/telemetry\//.test(source))) continue;
    const br = path.join(shellDist, `${file}.br`);
    idle.brotli += existsSync(br) ? readFileSync(br).length : brotli(readFileSync(path.join(shellDist, file)));
    idle.chunks.push(file);
  }
  return { startup, idle };
}
