import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@portal/shared-contracts';
import registry from '../parts.json';

const FIXTURE_DIR = path.join(__dirname, 'fixtures');
const recaptchaStub = readFileSync(path.join(FIXTURE_DIR, 'recaptcha-stub.js'), 'utf8');
const testGamePage = readFileSync(path.join(FIXTURE_DIR, 'test-game.html'), 'utf8');

/** A colourful thumbnail per game image URL, so pages look real without the network. */
function thumbnailFor(url: string): string {
  let hash = 0;
  for (const char of url) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},80%,58%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},75%,38%)"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/><circle cx="256" cy="256" r="120" fill="rgba(255,255,255,.25)"/></svg>`;
}

/**
 * No external network here: Google's reCAPTCHA script, the game thumbnails and the game
 * pages are answered locally. Production code is unchanged.
 */
export async function installOfflineRoutes(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/(www\.google\.com|www\.recaptcha\.net|www\.gstatic\.com)\/recaptcha\//, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: recaptchaStub }),
  );
  await context.route(/^https:\/\/img\.gamemonetize\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: thumbnailFor(route.request().url()) }),
  );
  await context.route(/^https:\/\/html5\.gamemonetize\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: testGamePage }),
  );
}

export interface PortalOptions {
  /** CSP violations a test causes on purpose (a game host that refuses framing): left out of the check. */
  expectedCspViolations: RegExp[];
}

export interface PortalFixtures {
  /** Base URL of the account API under test (for the dev outbox). */
  apiUrl: string;
  /** Ports of every part: api, shell and one per remote container (the registry of parts, parts.json). */
  ports: PortalPorts;
}

export type PortalPorts = { api: number; shell: number } & Record<RemoteName, number>;

/** The ports `npm run e2e` uses when E2E_PORTS is not given: the registry's, from base 7000. */
function defaultTestPorts(base = 7000): PortalPorts {
  const offset = base - registry.api.port;
  const ports: Record<string, number> = { api: base, shell: registry.shell.port + offset };
  for (const remote of registry.remotes) ports[remote.container] = remote.port + offset;
  return ports as PortalPorts;
}

/**
 * Records Content-Security-Policy violations of a page: the `securitypolicyviolation` events of
 * every frame, and Chromium's console reports ("Refused to … Content Security Policy").
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${event.documentURI}`,
      );
    });
  });
  return violations;
}

/**
 * The server's HTML carries the remotes' pages (decision 0032): links work at once, buttons only
 * once each remote has taken its page over. After a navigation that waits for the load, a test
 * waits (briefly) for that hand-over too, so its first click does not race it. A test that holds
 * a remote's scripts back sees the server's HTML as it is, after the short wait.
 */
function settleAfterNavigation(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') {
      await page
        .locator('#root[data-remote-fragments]')
        .waitFor({ state: 'detached', timeout: 5_000 })
        .catch(() => undefined);
    }
    return response;
  };
}

export const test = base.extend<PortalFixtures & PortalOptions>({
  expectedCspViolations: [[], { option: true }],
  context: async ({ context }, use) => {
    await installOfflineRoutes(context);
    await use(context);
  },
  // Every flow runs under the site's CSP (page-service/src/headers/security-headers.ts) and must not trip it.
  page: async ({ page, expectedCspViolations }, use) => {
    const violations = await watchCspViolations(page);
    settleAfterNavigation(page);
    await use(page);
    const unexpected = violations.filter((text) => !expectedCspViolations.some((pattern) => pattern.test(text)));
    expect(unexpected, 'Content-Security-Policy violations').toEqual([]);
  },
  apiUrl: async ({}, use) => {
    await use(process.env.E2E_API_URL ?? 'http://localhost:7000');
  },
  ports: async ({}, use) => {
    await use(process.env.E2E_PORTS ? (JSON.parse(process.env.E2E_PORTS) as PortalPorts) : defaultTestPorts());
  },
});

/** Newest dev-outbox message for an address (architecture.md §6). */
export async function latestMail(
  page: Page,
  apiUrl: string,
  to: string,
): Promise<{ to: string; subject: string; text: string; code: string | null }> {
  const response = await page.request.get(`${apiUrl}/__dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBeTruthy();
  const messages = (await response.json()) as { to: string; subject: string; text: string; code: string | null }[];
  expect(messages.length).toBeGreaterThan(0);
  return messages[0]!;
}

export { expect };
