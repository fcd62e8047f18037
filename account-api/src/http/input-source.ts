import type { FastifyRequest, preValidationHookHandler } from 'fastify';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Field-reading routes treat a body that is not an object (none, a JSON list, a bare string) as
 * an empty one, so the client hears which fields are missing rather than "body must be an object".
 */
export const objectBody: preValidationHookHandler = (request, _reply, done) => {
  if (!isRecord(request.body)) request.body = {};
  done();
};

/** Requests whose fields were read from the query string although the route validates the body. */
const readFromQuery = new WeakSet<FastifyRequest>();

/**
 * product §7 puts save_profile's and update-password's fields in the query string; a JSON or form
 * body is read instead when one is sent, so clients can keep personal data and passwords out of
 * URLs (and out of every proxy's access log). The fields then go through the body schema either
 * way; the query's own schema sees nothing (it documents the query spelling).
 */
export const bodyOrQuery: preValidationHookHandler = (request, _reply, done) => {
  const hasBody = isRecord(request.body) && Object.keys(request.body).length > 0;
  if (!hasBody) {
    request.body = isRecord(request.query) ? request.query : {};
    readFromQuery.add(request);
  }
  request.query = {};
  done();
};

/** Where a client should look for a bad field: the query when bodyOrQuery read the fields there. */
export function inputPlace(request: FastifyRequest, place: string): string {
  return place === 'body' && readFromQuery.has(request) ? 'query' : place;
}
