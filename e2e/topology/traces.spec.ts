import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { API_PATHS } from '@portal/shared-contracts/account';
import { expect, test } from '../fixtures';
import { sinkCode } from '../support/topology-mail';

// Traces across the parts (decision 0059) in the production topology (npm run test:nginx):
// nginx starts a W3C trace from its request id, or continues the `traceparent` it is given; the
// API and the page services continue it and send their spans over OTLP to the receiver
// scripts/topology/run.mjs starts (scripts/topology/otlp-receiver.mjs); nginx logs the trace id.

const otlpUrl = process.env.E2E_OTLP_URL ?? '';
const accessLog = process.env.E2E_ACCESS_LOG ?? '';
const PASSWORD = 'Traced#1234';

interface ReceivedSpan {
  service: string | null;
  scope: string | null;
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  attributes: Record<string, unknown>;
}

async function spansOf(traceId: string): Promise<ReceivedSpan[]> {
  const response = await fetch(`${otlpUrl}/spans?trace_id=${traceId}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as ReceivedSpan[];
}

/** nginx's access-log line of the request with this request id (the log is flushed every second). */
function accessLine(requestId: string): Record<string, unknown> | undefined {
  return readFileSync(accessLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.request_id === requestId);
}

/** Every span of the trace descends from `root`: one tree, nothing beside it. */
function descendsFrom(spans: ReceivedSpan[], root: ReceivedSpan, span: ReceivedSpan): boolean {
  const byId = new Map(spans.map((each) => [each.spanId, each]));
  for (let at: ReceivedSpan | undefined = span; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined)
    if (at.spanId === root.spanId) return true;
  return false;
}

async function verifiedPlayer(request: APIRequestContext, apiUrl: string): Promise<string> {
  const id = `trace${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `${id}@example.com`;
  const registered = await request.post(`${apiUrl}${API_PATHS.register}`, {
    form: { username: id, email, firstName: 'Tra', lastName: 'Ced', password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  let code: string | null = null;
  await expect
    .poll(async () => {
      code = await sinkCode(request, email);
      return code;
    })
    .toMatch(/^\d{6}$/);
  const verified = await request.post(`${apiUrl}${API_PATHS.verifyEmail}`, { form: { email, verification_code: code! } });
  expect(verified.ok()).toBe(true);
  return email;
}

test.beforeAll(() => {
  expect(otlpUrl, 'E2E_OTLP_URL (run through npm run test:nginx)').not.toBe('');
  expect(accessLog, 'E2E_ACCESS_LOG').not.toBe('');
});

test("one sign-in through nginx is one trace: nginx's request id, the API's request, its handler and its queries", async ({
  request,
  apiUrl,
}) => {
  const email = await verifiedPlayer(request, apiUrl);
  const signIn = await request.post(`${apiUrl}${API_PATHS.login}`, { data: { username: email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  // No id was sent: this is nginx's own $request_id, echoed by the API, and the trace's id.
  const requestId = signIn.headers()['x-request-id'] ?? '';
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);

  // The queries' spans end (and are exported) before the request's: with production's password
  // hashing the request outlasts an export period, so both are waited for.
  let spans: ReceivedSpan[] = [];
  await expect
    .poll(async () => {
      spans = await spansOf(requestId);
      return (
        spans.some((span) => span.scope === '@opentelemetry/instrumentation-pg') && spans.some((span) => span.name === 'request')
      );
    })
    .toBe(true);
  const root = spans.find((span) => span.name === 'request');
  expect(root).toMatchObject({
    service: 'account-api',
    // Its parent is nginx's span: the first 16 hex digits of the request id.
    parentSpanId: requestId.slice(0, 16),
    attributes: expect.objectContaining({ 'http.route': API_PATHS.login, 'http.response.status_code': 200 }),
  });
  expect(spans.every((span) => span.service === 'account-api')).toBe(true);
  expect(spans.every((span) => descendsFrom(spans, root!, span))).toBe(true);
  // The handler, and the reads of the account on PostgreSQL (the statement, never the values).
  expect(spans.some((span) => span.name.startsWith('handler'))).toBe(true);
  const queries = spans.filter((span) => span.scope === '@opentelemetry/instrumentation-pg');
  expect(JSON.stringify(queries)).toMatch(/users/);
  expect(JSON.stringify(spans)).not.toContain(email);
  expect(JSON.stringify(spans)).not.toContain(PASSWORD);

  await expect.poll(() => accessLine(requestId)?.trace_id, { timeout: 10_000 }).toBe(requestId);
});

test('a trace begun before nginx goes on through it: the API continues the traceparent it was sent', async ({
  request,
  apiUrl,
}) => {
  const traceId = `${Date.now().toString(16).padStart(16, '0')}${'a'.repeat(16)}`;
  const parent = 'b7ad6b7169203331';
  const answer = await request.post(`${apiUrl}${API_PATHS.userInfo}`, {
    headers: { traceparent: `00-${traceId}-${parent}-01` },
  });
  expect(answer.status()).toBe(401);
  await expect.poll(async () => (await spansOf(traceId)).find((span) => span.name === 'request')?.parentSpanId).toBe(parent);
  const requestId = answer.headers()['x-request-id'] ?? '';
  await expect.poll(() => accessLine(requestId)?.trace_id, { timeout: 10_000 }).toBe(traceId);

  // A malformed one is not continued: nginx starts a trace of its own.
  const malformed = await request.post(`${apiUrl}${API_PATHS.userInfo}`, {
    headers: { traceparent: `00-${'0'.repeat(32)}-${parent}-01` },
  });
  const ownId = malformed.headers()['x-request-id'] ?? '';
  expect(ownId).toMatch(/^[0-9a-f]{32}$/);
  await expect
    .poll(async () => (await spansOf(ownId)).find((span) => span.name === 'request')?.parentSpanId)
    .toBe(ownId.slice(0, 16));
});

test("a page rendered by a page service is a trace from nginx's request id", async ({ request }) => {
  // A new query string: never a cached copy, so a page service renders it.
  const answer = await request.get(`/all-games?trace=${Date.now().toString(36)}`, { headers: { accept: 'text/html' } });
  expect(answer.status()).toBe(200);
  const requestId = answer.headers()['x-request-id'] ?? '';
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);
  let spans: ReceivedSpan[] = [];
  await expect
    .poll(async () => {
      spans = await spansOf(requestId);
      return spans.some((span) => span.name === 'request');
    })
    .toBe(true);
  expect(spans.find((span) => span.name === 'request')).toMatchObject({
    service: 'page-service',
    parentSpanId: requestId.slice(0, 16),
    attributes: expect.objectContaining({ 'http.response.status_code': 200 }),
  });
  await expect.poll(() => accessLine(requestId)?.trace_id, { timeout: 10_000 }).toBe(requestId);
});
