import { REMOTE_NAMES, type RemoteName } from '../federation/exposes';
import type { TelemetryConfig } from '../telemetry/reports';
import { httpOrigin } from './game-hosts';

/** One brand of product §1: what a host family shows. */
export interface Brand {
  id: string;
  /** Site name shown in the header, footer and blurb. */
  name: string;
  /** Logo URL (relative URLs resolve against the shell's origin). */
  logo: string;
  /** Document title. */
  title: string;
  favicon: string;
  /** Home welcome wording (product §1: one per host family). */
  blurb: string;
}

export interface BrandFamily extends Brand {
  /** Host names of the family: exact ("arcade.example") or wildcard ("*.arcade.example"). */
  hosts: string[];
}

/** Settings the account remote needs at run time. */
export interface AccountRemoteConfig {
  /** Base URL of the account API, e.g. http://localhost:8000 */
  accountApiUrl: string;
  /** Public reCAPTCHA v2 site key. */
  recaptchaSiteKey: string;
}

/** /config.json, fetched by the shell at start-up (architecture.md §2). */
export interface RuntimeConfig extends AccountRemoteConfig {
  /** Manifest URL (mf-manifest.json) of each remote. */
  remotes: Record<RemoteName, string>;
  /** Host families, first match wins. */
  brands: BrandFamily[];
  /** Brand of every other host: the default game logo. */
  defaultBrand: Brand;
  /**
   * Origins (`https://games.example`) whose pages the play page may frame; the page service's
   * CSP frame-src follows it. Absent: the hosts of the bundled catalogue.
   */
  gameHosts?: string[];
  /** Client telemetry's sampling (default: every view and error, 10 % of Web Vitals). */
  telemetry?: TelemetryConfig;
  /**
   * Origins (`https://cdn.example`) a preview override may load a remote's build from (decision
   * 0047); the CSP of that visitor's pages follows it. Absent or empty: overrides are off. Only
   * the page service reads it (the shell's start-up does not check it: not a byte more on `/`).
   */
  overrideOrigins?: string[];
}

function hostMatches(host: string, pattern: string): boolean {
  const p = pattern.trim().toLowerCase();
  if (p.startsWith('*.')) {
    const suffix = p.slice(1); // ".example.com"
    return host.endsWith(suffix) || host === p.slice(2);
  }
  return host === p;
}

/** Whether a host family names this host: one of the site's own hosts, not just any Host header. */
export function servesHost(hostname: string, families: readonly BrandFamily[]): boolean {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  return families.some((f) => Array.isArray(f.hosts) && f.hosts.some((pattern) => hostMatches(host, pattern)));
}

/** Branding by host (product §1): the first family naming the host, else the default brand. */
export function resolveBrand(hostname: string, families: readonly BrandFamily[], defaultBrand: Brand): Brand {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  const family = families.find((f) => f.hosts.some((pattern) => hostMatches(host, pattern)));
  if (!family) return defaultBrand;
  const { hosts: _hosts, ...brand } = family;
  return brand;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBrand(value: unknown): value is Brand {
  return isRecord(value) && ['id', 'name', 'logo', 'title', 'favicon', 'blurb'].every((key) => typeof value[key] === 'string');
}

/** Validates a fetched /config.json; throws a readable error naming the bad field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) throw new Error('config.json: expected an object');
  const remotes = raw.remotes;
  if (!isRecord(remotes)) throw new Error('config.json: "remotes" must be an object');
  for (const name of REMOTE_NAMES) {
    if (typeof remotes[name] !== 'string') throw new Error(`config.json: remotes.${name} must be a manifest URL`);
  }
  if (typeof raw.accountApiUrl !== 'string') throw new Error('config.json: "accountApiUrl" must be a string');
  if (typeof raw.recaptchaSiteKey !== 'string') throw new Error('config.json: "recaptchaSiteKey" must be a string');
  if (!Array.isArray(raw.brands) || !raw.brands.every((b) => isBrand(b) && Array.isArray((b as BrandFamily).hosts)))
    throw new Error('config.json: "brands" must be a list of brand families with hosts');
  if (!isBrand(raw.defaultBrand)) throw new Error('config.json: "defaultBrand" is missing a field');
  if (
    raw.gameHosts !== undefined &&
    !(Array.isArray(raw.gameHosts) && raw.gameHosts.every((host) => typeof host === 'string' && httpOrigin(host) !== undefined))
  )
    throw new Error('config.json: "gameHosts" must be a list of http(s) origins');
  if (raw.telemetry !== undefined && !isRecord(raw.telemetry)) throw new Error('config.json: "telemetry" must be an object');
  return raw as unknown as RuntimeConfig;
}
