// Every environment setting of the page service: the one source of what server.ts reads (through
// the services' shared reader, @portal/service-settings: each name, its kind, its bounds and its
// default), of docs/settings.md and of page-service/.env.example (scripts/settings/generate.mjs).
// A test checks that the code reads exactly these names. Only erasable TypeScript here: the
// generator imports this file with Node's own type stripping.
import type { ServiceSettingsSchema } from '@portal/service-settings';
import { TRACING_SETTINGS } from '@portal/service-tracing/settings';

export const PAGE_SERVICE_SETTINGS = {
  HOST: {
    doc: 'Address to listen on. Loopback unless told, so `/metrics` and `/__telemetry/summary` answer only the host.',
    default: '127.0.0.1',
    production: '`0.0.0.0` in a container (the pod network is not public); loopback behind nginx on one host.',
  },
  PORT: { kind: 'integer', min: 0, max: 65_535, doc: 'Port to listen on.', default: '8080' },
  SHELL_DIST: {
    doc: "The shell's build: `entry-assets.json`, `mf-manifest.json`, its stylesheet.",
    defaultNote: '`shell/dist` of the repository',
    example: '/srv/portal/shell',
  },
  PRERENDER_DIR: {
    doc: "The shell's pre-renderer (`render-page.cjs`); without it no page is whole and `/readyz` answers 503.",
    defaultNote: '`SHELL_DIST/../dist-prerender`',
    example: '/srv/portal/shell-prerender',
  },
  CONFIG_FILE: {
    doc: 'The runtime config (`config.json`), re-read when it changes.',
    defaultNote: '`SHELL_DIST/config.json`',
    example: '/srv/portal/config.json',
  },
  MF_CATALOG_URL: { doc: "Overrides the config's manifest URL of the `mf_catalog` remote (any remote: `<REMOTE>_URL`)." },
  MF_PLAYER_URL: { doc: "Overrides the config's manifest URL of the `mf_player` remote." },
  MF_ACCOUNT_URL: { doc: "Overrides the config's manifest URL of the `mf_account` remote." },
  ACCOUNT_API_URL: { doc: "Overrides the config's `accountApiUrl` (the API as browsers reach it)." },
  RECAPTCHA_SITE_KEY: { doc: "Overrides the config's `recaptchaSiteKey`." },
  PLAY_STATS_API_URL: {
    doc: 'The account API as this service reaches it, for the play figures drawn into pages (`/api/stats/games`).',
    defaultNote: "the config's `accountApiUrl`",
    production: 'The API inside the cluster or host (for example `http://account-api:8000`).',
  },
  RELEASES_DIR: {
    doc: "The release pointers' folder (`npm run release`): live remotes and canaries.",
  },
  RELEASE_API_URL: {
    doc: 'The release service (`scripts/releases/release-service.mjs`): its pointers are polled (ETag) in place of `RELEASES_DIR`, so no folder is shared between hosts.',
    example: 'https://releases.internal:8095',
  },
  RELEASE_POLL_MS: {
    kind: 'integer',
    min: 100,
    doc: 'How often the release service is polled for pointer changes, in milliseconds (a change reaches pages within this much).',
    default: '1000',
  },
  RELEASE_OVERRIDE_SECRET: {
    doc: "Preview overrides' HMAC key (at least 32 characters: `openssl rand -hex 32`); unset: overrides are off.",
    secret: true,
    minLength: 32,
  },
  SERVE_ASSETS: {
    kind: 'switch',
    doc: '`1`: also serve the files of `SHELL_DIST` (development, `npm start`); nginx does in production.',
    default: '0',
  },
  CERT_PROBE_URLS: {
    kind: 'list',
    doc: "The site's https addresses, comma-separated: a TLS handshake at most once a minute reads the certificate served, for the expiry alert.",
    production: 'The https addresses nginx or the ingress serves.',
    example: 'https://playverse.games',
  },
  ...TRACING_SETTINGS,
  TRUST_PROXIES: {
    kind: 'list',
    doc: 'The proxies whose `X-Forwarded-Proto`/`-For`/`-Host` count (Fastify `trustProxy`): addresses, CIDRs, `loopback`, `linklocal`, `uniquelocal` or `none`.',
    default: 'loopback',
    production: 'The address of the proxy in front (nginx, the ingress), or `loopback` on one host.',
  },
  TRUST_PROXY_HOPS: {
    kind: 'integer',
    min: 0,
    max: 10,
    doc: 'How many of the trusted proxies stand in front: the address that many hops from the socket is the client.',
    default: '1',
  },
  TELEMETRY_LOG_SAMPLE: {
    kind: 'number',
    max: 1,
    doc: 'Share of client telemetry reports also written to the log (0–1).',
    default: '0.01',
  },
  TELEMETRY_BEACON_BURST: {
    kind: 'integer',
    max: 10_000,
    doc: 'Telemetry reports one client (an IPv4 address, an IPv6 /64) may send per window of burst ÷ rate seconds.',
    default: '20',
  },
  TELEMETRY_BEACONS_PER_SECOND: {
    kind: 'number',
    min: 0.01,
    max: 10_000,
    doc: 'Telemetry reports one client may send per second, over a window.',
    default: '1',
  },
  TELEMETRY_TEST_SWITCH: {
    kind: 'switch',
    default: '0',
    doc: '`1`: the browser tests may switch client telemetry on for themselves.',
    production: 'Never set.',
  },
  SHUTDOWN_DEADLINE_MS: {
    kind: 'integer',
    doc: "On SIGTERM: stop accepting, finish requests in flight, exit; after this long exit anyway, with a log line. Keep the supervisor's stop timeout above it.",
    default: '10000',
  },
  LOG_LEVEL: { doc: "pino level: errors and start/stop only (nginx's access log has every request).", default: 'info' },
} as const satisfies ServiceSettingsSchema;
