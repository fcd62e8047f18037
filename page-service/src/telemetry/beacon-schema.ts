// A beacon's body as a JSON schema, checked by Fastify's Ajv before the handler runs: anything not
// of the agreed shape is refused whole (400), fields nobody agreed on are dropped
// (removeAdditional), and every string that may reach a log is cut short and stripped of control
// characters (the `x-log-safe` keyword). No type coercion: a vital sent as text is refused, not
// read. Label values are not decided here (see known-labels.ts).
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import type { default as Ajv } from 'ajv';
import { ERROR_KINDS, TELEMETRY_LIMITS, VITAL_NAMES } from '@portal/shared-contracts/telemetry';

const SHORT_TEXT = 128;
/** The longest a vital may be, in ms (CLS, unitless, is far below it). */
const MAX_VITAL = 3_600_000;
/** Control characters (line breaks included), which could forge lines in a text log. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

export const cleanText = (value: string, max: number): string => value.replace(CONTROL, ' ').slice(0, max);

/** `x-log-safe: N`: the string, control characters blanked, cut to N characters (it never refuses). */
function logSafeKeyword(ajv: Ajv): Ajv {
  ajv.addKeyword({
    keyword: 'x-log-safe',
    type: 'string',
    schemaType: 'number',
    modifying: true,
    errors: false,
    validate: (
      max: number,
      data: string,
      _parent?: unknown,
      where?: { parentData: unknown; parentDataProperty: string | number },
    ) => {
      if (where && typeof where.parentData === 'object' && where.parentData !== null)
        (where.parentData as Record<string | number, unknown>)[where.parentDataProperty] = cleanText(data, max);
      return true;
    },
  });
  return ajv;
}

const shortText = { type: 'string', maxLength: SHORT_TEXT, 'x-log-safe': SHORT_TEXT } as const;
const eventOf = (type: string, properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties: { type: { const: type }, part: shortText, build: shortText, ...properties },
  required: ['type', 'part', 'build', ...required],
  additionalProperties: false,
});

/** The agreed shape (shared-contracts/telemetry's TelemetryBatch), one event type per branch. */
export const BEACON_BODY = {
  type: 'object',
  properties: {
    route: shortText,
    events: {
      type: 'array',
      minItems: 1,
      maxItems: TELEMETRY_LIMITS.maxEvents,
      items: {
        type: 'object',
        required: ['type'],
        // The branch is picked by `type`, so only its own fields are kept.
        discriminator: { propertyName: 'type' },
        oneOf: [
          eventOf('view', {}, []),
          eventOf(
            'error',
            {
              kind: { enum: [...ERROR_KINDS] },
              // Any length within the body's limit; what is kept is cut to the agreed length.
              message: { type: 'string', 'x-log-safe': TELEMETRY_LIMITS.maxMessageLength },
            },
            ['kind', 'message'],
          ),
          eventOf('vital', { name: { enum: [...VITAL_NAMES] }, value: { type: 'number', minimum: 0, maximum: MAX_VITAL } }, [
            'name',
            'value',
          ]),
        ],
      },
    },
  },
  required: ['route', 'events'],
  additionalProperties: false,
} as const;

export const BEACON_SCHEMA: FastifySchema = { body: BEACON_BODY };

/** Fastify's own compiler builder (formats, messages as on the other routes), exact types, the keyword. */
export const beaconValidator: FastifySchemaCompiler<unknown> = AjvCompiler()(
  {},
  {
    customOptions: { coerceTypes: false, removeAdditional: true, discriminator: true, allErrors: false },
    plugins: [logSafeKeyword],
  },
);
