import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ApiErrorBody, ValidationErrorItem } from 'shared-contracts';

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

function send(reply: FastifyReply, statusCode: number, detail: ApiErrorBody['detail'], headers: Record<string, string> = {}) {
  return reply
    .code(statusCode)
    .headers(headers)
    .send({ detail } satisfies ApiErrorBody);
}

/** One error shape for everything: our errors, framework 4xx errors, and opaque 500s. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return send(reply, error.statusCode, error.detail, error.headers);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail = (error.code && FRAMEWORK_MESSAGES[error.code]) || error.message || 'Bad request';
      return send(reply, status, detail);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'Internal server error');
  });
  app.setNotFoundHandler((_request, reply) => send(reply, 404, 'Not Found'));
}
