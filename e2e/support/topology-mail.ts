import type { APIRequestContext } from '@playwright/test';

/**
 * The newest verification code the topology's SMTP sink received for an address, or null: the
 * API runs in production there and mails over SMTP (scripts/lib/mail-sink.mjs), which the
 * topology's control reads for the tests (GET /mail?to=).
 */
export async function sinkCode(request: APIRequestContext, to: string): Promise<string | null> {
  const control = process.env.E2E_TOPOLOGY_CONTROL ?? '';
  const response = await request.get(`${control}/mail?to=${encodeURIComponent(to)}`);
  return response.ok() ? ((await response.json()) as { code: string | null }).code : null;
}
