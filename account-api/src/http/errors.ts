import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ApiErrorBody, ValidationErrorItem } from 'shared-contracts/account';

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
  message?: string;
  params: Record<string, unknown>;
}

/** Ajv's keyword → FastAPI's error type, so clients see one vocabulary whichever reader refused. */
const TYPES: Record<string, string> = {
  required: 'missing',
  type: 'type_error',
  enum: 'enum',
  pattern: 'string_pattern_mismatch',
  maxLength: 'string_too_long',
  minLength: 'string_too_short',
  minimum: 'greater_than_equal',
  maximum: 'less_than_equal',
  additionalProperties: 'extra_forbidden',
};

/**
 * A route's JSON-schema refusal as product §8's list: one `{loc, msg, type}` per problem, `loc`
 * naming the place (`body`, `query`, `path`) and the field, `msg` naming the field too (the
 * client joins the msgs).
 */
export function schemaErrorItems(problems: readonly SchemaProblem[], context: string | undefined): ValidationErrorItem[] {
  const place = LOCATIONS[context ?? 'body'] ?? 'body';
  return problems.map((problem) => {
    const path = problem.instancePath
      .split('/')
      .filter((part) => part !== '')
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));
    const missing = problem.keyword === 'required' ? problem.params.missingProperty : undefined;
    if (typeof missing === 'string') path.push(missing);
    const field = path.length > 0 ? String(path.at(-1)) : place;
    return { loc: [place, ...path], msg: schemaMessage(field, problem), type: TYPES[problem.keyword] ?? problem.keyword };
  });
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  object: 'an object',
  array: 'a list',
  boolean: 'true or false',
};

/** Worded like the API's own input reader ("x is required", "x must be at most 3 characters"). */
function schemaMessage(field: string, problem: SchemaProblem): string {
  const { params } = problem;
  switch (problem.keyword) {
    case 'required':
      return `${field} is required`;
    case 'type':
      return `${field} must be ${TYPE_WORDS[String(params.type)] ?? String(params.type)}`;
    case 'enum':
      return Array.isArray(params.allowedValues)
        ? `${field} must be one of ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`
        : `${field} is not an allowed value`;
    case 'pattern':
      return `${field} is not in the expected format`;
    case 'maxLength':
      return `${field} must be at most ${String(params.limit)} characters`;
    case 'minLength':
      return `${field} must be at least ${String(params.limit)} characters`;
    case 'minimum':
      return `${field} must be at least ${String(params.limit)}`;
    case 'maximum':
      return `${field} must be at most ${String(params.limit)}`;
    default:
      return `${field} ${problem.message ?? 'is not valid'}`;
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
 * an unreachable Redis. They answer 503, for every caller alike.
 */
export function isStorageUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (SQLITE_UNAVAILABLE.test(code) || PG_UNAVAILABLE.test(code) || NETWORK_CODES.has(code) || isDiskFull(error))
  )
    return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Connection is closed/.test(message)
  );
}

/** One error shape for everything: our errors, framework 4xx errors, and opaque 500s. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return send(reply, error.statusCode, error.detail, error.headers);
    if (error.validation) return send(reply, 422, schemaErrorItems(error.validation, error.validationContext));
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
