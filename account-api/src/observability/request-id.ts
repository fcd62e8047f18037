// One request id from nginx to the page service to the API: a valid incoming X-Request-Id (nginx
// sets `$request_id`) is taken as Fastify's request id, else a fresh UUID; it is in the lean
// request line (`reqId`) and echoed in the response. The same rule as page-service/src/app.ts.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A request id as nginx or another trusted hop sends it: short, plain characters only. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
}
