import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ApiErrorBody, ValidationErrorItem } from '@portal/shared-contracts/account';
import { inputPlace } from './input-source';

/** An error the client caused or may see; rendered as `{"detail": ...}` (product §8). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationErrorItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.map((item) => item.msg).join(', '));
    this.name = 'HttpError';
  }
}

export const unauthorized = (detail = 'Not authenticated'): HttpError =>
  new HttpError(401, detail, { 'www-authenticate': 'Bearer' });

/** 422 with one item per bad field, like FastAPI, so clients join the msgs (product §8). */
export const invalidInput = (items: ValidationErrorItem[]): HttpError => new HttpError(422, items);

/** Fastify's own 4xx codes, reworded where its message is not meant for people. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Malformed JSON body',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart/form-data request with a file',
  FST_FILES_LIMIT: 'Send exactly one file',
  FST_PARTS_LIMIT: 'Too many form parts',
  FST_FIELDS_LIMIT: 'Too many form fields',
};

/** Where Fastify says the bad input was, in FastAPI's words (product §8 `loc`). */
const LOCATIONS: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

interface SchemaProblem {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Ajv's keyword → FastAPI's error type, so clients see one vocabulary whichever rule refused. */
const TYPES: Record<string, string> = {
  required: 'missing',
  enum: 'enum',
  pattern: 'string_pattern_mismatch',
  maxLength: 'string_too_long',
  minLength: 'string_too_short',
  minimum: 'greater_than_equal',
  maximum: 'less_than_equal',
  additionalProperties: 'extra_forbidden',
  // A field's own rule with its own message (ajv-errors, the API's named checks).
  errorMessage: 'value_error',
  'x-checks': 'value_error',
};

/** The JSON type a value should have had → how the message says it, and FastAPI's error type. */
const TYPE_WORDS: Record<string, { words: string; type: string }> = {
  integer: { words: 'a whole number', type: 'int_type' },
  number: { words: 'a number', type: 'float_type' },
  string: { words: 'a single text value', type: 'string_type' },
  object: { words: 'an object', type: 'model_type' },
  array: { words: 'a list', type: 'list_type' },
  boolean: { words: 'true or false', type: 'bool_type' },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rule that failed: ajv-errors wraps the original error when it words it. */
function ruleOf(problem: SchemaProblem): { keyword: string; schemaPath: string; params: Record<string, unknown> } {
  const wrapped: unknown =
    problem.keyword === 'errorMessage' && Array.isArray(problem.params.errors) ? (problem.params.errors as unknown[])[0] : null;
  return isRecord(wrapped) && typeof wrapped.keyword === 'string' && typeof wrapped.schemaPath === 'string'
    ? { keyword: wrapped.keyword, schemaPath: wrapped.schemaPath, params: isRecord(wrapped.params) ? wrapped.params : {} }
    : { keyword: problem.keyword, schemaPath: problem.schemaPath, params: problem.params };
}

/** The schema object holding the keyword at `schemaPath` (`#/properties/email/maxLength`). */
function schemaHolding(root: unknown, schemaPath: string): Record<string, unknown> | null {
  let node = root;
  for (const part of schemaPath.replace(/^#\/?/, '').split('/').slice(0, -1)) {
    if (part === '') continue;
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) ? node[key] : Array.isArray(node) ? (node as unknown[])[Number(key)] : undefined;
  }
  return isRecord(node) ? node : null;
}

/**
 * Where a failed rule stands among its field's rules: presence, then type, then the keywords in
 * the order the field's schema lists them (see http/text-field.ts).
 */
function precedence(problem: SchemaProblem, partSchema: unknown): number {
  const rule = ruleOf(problem);
  if (rule.keyword === 'required') return -2;
  if (rule.keyword === 'type') return -1;
  const holder = schemaHolding(partSchema, rule.schemaPath);
  const index = holder ? Object.keys(holder).indexOf(rule.keyword) : -1;
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
}

/**
 * A route's JSON-schema refusal as product §8's list: one `{loc, msg, type}` per bad field (the
 * first rule it breaks), in the order the schema lists the fields, `loc` naming the place
 * (`body`, `query`, `path`) and the field, `msg` naming the field too (the client joins the msgs).
 * `routeSchema` is the route's schema (Fastify's `request.routeOptions.schema`); `place`
 * overrides where the client sent the fields.
 */
export function schemaErrorItems(
  problems: readonly SchemaProblem[],
  context: string | undefined,
  routeSchema?: unknown,
  place: string = LOCATIONS[context ?? 'body'] ?? 'body',
): ValidationErrorItem[] {
  const partSchema = isRecord(routeSchema) ? routeSchema[context ?? 'body'] : undefined;
  const chosen = new Map<string, { problem: SchemaProblem; path: (string | number)[]; rank: number }>();
  for (const problem of problems) {
    const path: (string | number)[] = problem.instancePath
      .split('/')
      .filter((part) => part !== '')
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));
    // A missing field is reported at the field, whether worded by the table or by ajv-errors.
    const rule = ruleOf(problem);
    const missing = rule.keyword === 'required' ? rule.params.missingProperty : undefined;
    if (typeof missing === 'string') path.push(missing);
    const key = JSON.stringify(path);
    const rank = precedence(problem, partSchema);
    const held = chosen.get(key);
    if (!held || rank < held.rank) chosen.set(key, { problem, path, rank });
  }
  const properties = isRecord(partSchema) && isRecord(partSchema.properties) ? Object.keys(partSchema.properties) : [];
  const fieldOrder = (path: (string | number)[]) => {
    const index = properties.indexOf(String(path[0]));
    return index === -1 ? properties.length : index;
  };
  return [...chosen.values()]
    .sort((a, b) => fieldOrder(a.path) - fieldOrder(b.path))
    .map(({ problem, path }) => {
      const field = path.length > 0 ? String(path.at(-1)) : place;
      return { loc: [place, ...path], ...schemaMessage(field, problem, ownErrorType(problem, partSchema)) };
    });
}

/**
 * The FastAPI type of a field's own message (ajv-errors, x-checks): the `x-error-type` written
 * beside it, on the field's schema (for a missing field worded by its object, the field's own).
 */
function ownErrorType(problem: SchemaProblem, partSchema: unknown): string | undefined {
  const holder = schemaHolding(partSchema, problem.schemaPath);
  const rule = ruleOf(problem);
  const missing = rule.keyword === 'required' ? rule.params.missingProperty : undefined;
  const properties = holder && isRecord(holder.properties) ? holder.properties : {};
  const field = typeof missing === 'string' && isRecord(properties[missing]) ? properties[missing] : holder;
  const type = field?.['x-error-type'];
  return typeof type === 'string' ? type : undefined;
}

/** Worded as the API always has ("x is required", "x must be at most 3 characters"). */
function schemaMessage(field: string, problem: SchemaProblem, ownType?: string): { msg: string; type: string } {
  const { params } = problem;
  const type = TYPES[problem.keyword] ?? problem.keyword;
  switch (problem.keyword) {
    case 'required':
      return { msg: `${field} is required`, type };
    case 'type': {
      const expected = String(params.type).split(',')[0] ?? '';
      const words = TYPE_WORDS[expected];
      return { msg: `${field} must be ${words?.words ?? expected}`, type: words?.type ?? 'type_error' };
    }
    case 'enum':
      return {
        msg: Array.isArray(params.allowedValues)
          ? `${field} must be one of ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`
          : `${field} is not an allowed value`,
        type,
      };
    case 'pattern':
      return { msg: `${field} is not in the expected format`, type };
    case 'maxLength':
      return { msg: `${field} must be at most ${String(params.limit)} characters`, type };
    case 'minLength':
      // A blank text field (trimmed to '') counts as one not sent.
      return params.limit === 1
        ? { msg: `${field} is required`, type: 'missing' }
        : { msg: `${field} must be at least ${String(params.limit)} characters`, type };
    case 'minimum':
      return { msg: `${field} must be at least ${String(params.limit)}`, type };
    case 'maximum':
      return { msg: `${field} must be at most ${String(params.limit)}`, type };
    case 'errorMessage':
    case 'x-checks':
      return { msg: problem.message ?? `${field} is not valid`, type: ownType ?? type };
    default:
      return { msg: `${field} ${problem.message ?? 'is not valid'}`, type };
  }
}

function send(reply: FastifyReply, statusCode: number, detail: ApiErrorBody['detail'], headers: Record<string, string> = {}) {
  return reply
    .code(statusCode)
    .headers(headers)
    .send({ detail } satisfies ApiErrorBody);
}

/** What a client reads when the database (or the shared limit store) cannot take a write. */
export const STORAGE_UNAVAILABLE = 'The service cannot save changes right now. Please try again in a few minutes.';

const SQLITE_UNAVAILABLE = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY|LOCKED|PROTOCOL)/;
/** PostgreSQL classes: 08 connection, 53 insufficient resources, 57P0x shutdown; 25006 read-only transaction. */
const PG_UNAVAILABLE = /^(08...|53...|57P0[1-4]|25006)$/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
/** The file system is full (or over quota): uploads and the SQLite file alike. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
export const isDiskFull = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && DISK_FULL_CODES.has(String((error as { code?: unknown }).code));

/**
 * Failures of the storage, not of the request: a read-only or full database, a lost connection,
 * an unreachable Redis or picture bucket. They answer 503, for every caller alike.
 */
export function isStorageUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (SQLITE_UNAVAILABLE.test(code) || PG_UNAVAILABLE.test(code) || NETWORK_CODES.has(code) || isDiskFull(error))
  )
    return true;
  // An unreachable or refusing picture bucket (uploads/storage/s3-storage.ts).
  if (name === 'MaxRetriesPerRequestError' || name === 'StorageUnavailableError') return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Connection is closed/.test(message)
  );
}

/** One error shape for everything: our errors, framework 4xx errors, and opaque 500s. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return send(reply, error.statusCode, error.detail, error.headers);
    if (error.validation) {
      const context = error.validationContext ?? 'body';
      const items = schemaErrorItems(
        error.validation,
        context,
        request.routeOptions.schema,
        inputPlace(request, LOCATIONS[context] ?? 'body'),
      );
      return send(reply, 422, items);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail = (error.code && FRAMEWORK_MESSAGES[error.code]) || error.message || 'Bad request';
      return send(reply, status, detail);
    }
    if (isStorageUnavailable(error)) {
      request.log.error({ err: error }, 'storage refused the request');
      return send(reply, 503, STORAGE_UNAVAILABLE, { 'retry-after': '60' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'Internal server error');
  });
  app.setNotFoundHandler((_request, reply) => send(reply, 404, 'Not Found'));
}
