// A beacon's body, checked field by field: anything not of the agreed shape is refused whole
// (400), fields nobody agreed on are dropped, and every string that may reach a log is cut short
// and stripped of control characters. Label values are not decided here (see known-labels.ts).
import {
  ERROR_KINDS,
  TELEMETRY_LIMITS,
  VITAL_NAMES,
  type ErrorKind,
  type TelemetryBatch,
  type TelemetryEvent,
  type VitalName,
} from 'shared-contracts/telemetry';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SHORT_TEXT = 128;
/** Control characters (line breaks included), which could forge lines in a text log. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

const cleanText = (value: string, max: number): string => value.replace(CONTROL, ' ').slice(0, max);

function shortString(value: unknown, max = SHORT_TEXT): string | null {
  return typeof value === 'string' && value.length <= max ? cleanText(value, max) : null;
}

function readEvent(raw: unknown): TelemetryEvent | null {
  if (!isRecord(raw)) return null;
  const part = shortString(raw.part);
  const build = shortString(raw.build);
  if (part === null || build === null) return null;
  switch (raw.type) {
    case 'view':
      return { type: 'view', part, build };
    case 'error': {
      const kind = raw.kind as ErrorKind;
      if (!ERROR_KINDS.includes(kind) || typeof raw.message !== 'string') return null;
      return { type: 'error', part, build, kind, message: cleanText(raw.message, TELEMETRY_LIMITS.maxMessageLength) };
    }
    case 'vital': {
      const name = raw.name as VitalName;
      const value = raw.value;
      if (!VITAL_NAMES.includes(name) || typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 3_600_000)
        return null;
      return { type: 'vital', part, build, name, value };
    }
    default:
      return null;
  }
}

/** The batch, or null when anything in it is not as agreed. */
export function readBatch(raw: unknown): TelemetryBatch | null {
  if (!isRecord(raw) || !Array.isArray(raw.events)) return null;
  const route = shortString(raw.route);
  if (route === null || raw.events.length === 0 || raw.events.length > TELEMETRY_LIMITS.maxEvents) return null;
  const events: TelemetryEvent[] = [];
  for (const item of raw.events) {
    const event = readEvent(item);
    if (!event) return null;
    events.push(event);
  }
  return { route, events };
}
