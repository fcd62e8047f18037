import { spawn } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { ROOT } from '../support/servers';
import { sinkCode } from '../support/topology-mail';

// Rolling restarts through nginx under load (npm run test:nginx): `npm run rollout` takes each
// API instance and each page service out of rotation, stops it with SIGTERM (it drains), starts
// it and puts it back, one after the other, while players read pages and their balance, sign in
// and sign up. Every request must succeed, and every sign-up must be in the database.

const control = process.env.E2E_TOPOLOGY_CONTROL ?? '';
const PASSWORD = 'Rolling#123';
/**
 * A connection per request, pages included: taking an instance out of rotation reloads nginx,
 * whose old workers close their idle client connections, and a request sent on one at that moment
 * is reset (seen on pages: ECONNRESET on a reused connection). A browser sends an idempotent
 * request again on a new connection by itself; this client has no such retry.
 */
const FRESH = { Connection: 'close' };

/** `npm run rollout` against this topology; calls `onLine` with each line it prints. */
function runRollout(onLine: (line: string) => void): Promise<number> {
  const base = String(Number(new URL(control).port) - 98);
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'topology', 'rollout.mjs')], {
    env: { ...process.env, TOPOLOGY_PORT_BASE: base },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    lines.forEach(onLine);
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

function register(request: APIRequestContext, apiUrl: string, id: string, headers: Record<string, string> = {}) {
  return request.post(`${apiUrl}/register/`, {
    headers,
    form: { username: id, email: `${id}@example.com`, firstName: 'Roll', lastName: 'Ing', password: PASSWORD },
  });
}

test('npm run rollout restarts every API instance and page service in turn under load: no request fails, no sign-up is lost', async ({
  request,
  apiUrl,
}) => {
  test.setTimeout(600_000);
  const run = Date.now().toString(36);
  // Players who already have verified accounts.
  const players: { id: string; token: string; signIns: number }[] = [];
  for (let i = 0; i < 8; i += 1) {
    const id = `roll${run}p${i}`;
    expect((await register(request, apiUrl, id)).status()).toBe(201);
    let code: string | null = null;
    await expect.poll(async () => (code = await sinkCode(request, `${id}@example.com`))).toMatch(/^\d{6}$/);
    const verified = await request.post(`${apiUrl}/verify-email/`, {
      form: { email: `${id}@example.com`, verification_code: code! },
    });
    expect(verified.ok()).toBeTruthy();
    players.push({ id, token: '', signIns: 0 });
  }

  const outcomes: { what: string; status: number | string; sent: number; answered: number }[] = [];
  const signUps: string[] = [];
  let stop = false;
  let n = 0;
  const worker = async (w: number) => {
    for (let i = 0; !stop; i += 1) {
      const sent = Date.now();
      const player = players[(w + i) % players.length]!;
      // Within the API's own limits: sign-ins per account and address, sign-ups per address (50
      // in 15 min: 8 + 12 here, so a retry of this test in the same topology still fits).
      const kind =
        i % 10 === 3 && player.signIns < 6
          ? 'sign-in'
          : i % 25 === 7 && signUps.length < 12
            ? 'sign-up'
            : i % 2
              ? 'page'
              : 'balance';
      if (kind === 'sign-in') player.signIns += 1;
      try {
        let status: number;
        if (kind === 'page') {
          status = (
            await request.get(['/', '/all-games', '/game/5', `/search?q=r${n++}`][i % 4]!, {
              headers: { ...FRESH, Accept: 'text/html' },
            })
          ).status();
        } else if (kind === 'sign-in') {
          const response = await request.post(`${apiUrl}/login/`, {
            headers: FRESH,
            data: { username: player.id, password: PASSWORD },
          });
          status = response.status();
          if (response.ok()) player.token = ((await response.json()) as { access_token: string }).access_token;
        } else if (kind === 'sign-up') {
          const id = `roll${run}s${signUps.length}w${w}`;
          signUps.push(id);
          status = (await register(request, apiUrl, id, FRESH)).status();
        } else {
          status = player.token
            ? (
                await request.get(`${apiUrl}/api/balance`, { headers: { ...FRESH, Authorization: `Bearer ${player.token}` } })
              ).status()
            : (await request.get(`${apiUrl}/health`, { headers: FRESH })).status();
        }
        outcomes.push({ what: kind, status, sent, answered: Date.now() });
      } catch (error) {
        outcomes.push({ what: kind, status: String(error), sent, answered: Date.now() });
      }
    }
  };
  const workers = Array.from({ length: 6 }, (_, w) => worker(w));
  const answeredSince = async (what: string) => {
    const target = outcomes.length + 25;
    await expect
      .poll(() => outcomes.length, { message: `requests answered after ${what}`, timeout: 60_000 })
      .toBeGreaterThanOrEqual(target);
  };
  await answeredSince('the start');
  // Each part is restarted while players keep coming: the requests in flight while it was out of
  // rotation and restarting are counted per part, from the command's own lines.
  const steps: { line: string; at: number }[] = [];
  const status = await runRollout((line) => steps.push({ line, at: Date.now() }));
  await answeredSince('the rollout');
  stop = true;
  await Promise.all(workers);

  expect(status, steps.map((step) => step.line).join('\n')).toBe(0);
  expect(steps.at(-1)?.line).toBe('rollout done');
  for (const [part, index] of [
    ['api', 0],
    ['api', 1],
    ['pages', 0],
    ['pages', 1],
  ] as const) {
    const rolling = steps.find((step) => step.line === `rolling ${part} ${index}`);
    const rolled = steps.find((step) => step.line.startsWith(`rolled ${part} ${index}:`));
    expect(rolling && rolled, `${part} ${index} rolled`).toBeTruthy();
    // A new process, ready: `pid <old> → <new>, ready`.
    const [, before, after] = /pid (\d+) → (\d+), ready$/.exec(rolled!.line) ?? [];
    expect(after, rolled!.line).toBeTruthy();
    expect(after).not.toBe(before);
    // Players were there throughout: requests sent before it was back and answered after it left
    // (a restart can take a second, in which a busy machine answers nothing new: counted by time).
    const during = outcomes.filter((o) => o.sent <= rolled!.at && o.answered >= rolling!.at);
    expect(during.length, `requests in flight while ${part} ${index} restarted`).toBeGreaterThan(0);
  }

  const failed = outcomes.filter((o) => typeof o.status !== 'number' || o.status >= 500 || ![200, 201].includes(o.status));
  expect(outcomes.filter((o) => o.what === 'sign-in').length).toBeGreaterThan(5);
  expect(failed, JSON.stringify(failed.slice(0, 10))).toEqual([]);
  // Every sign-up answered 201 is in the database: its verification mail was queued with it.
  for (const id of signUps) await expect.poll(() => sinkCode(request, `${id}@example.com`)).toMatch(/^\d{6}$/);
});
