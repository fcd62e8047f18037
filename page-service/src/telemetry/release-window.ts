// Each release's health over the last minutes, in this instance's memory: per part and build id,
// one slot per minute (views, errors, and the LCP and INP values, a bounded sample of each), so a
// summary of the last N minutes (N ≤ 60) adds up N slots. This is what the release watcher and
// `npm run telemetry` read; Prometheus gets the same events as counters and histograms.
// Beside the events, each release counts its distinct clients (decision 0047): those that
// reported a view, and those that reported an error. The release watcher judges by those, so
// one client, however many beacons it sends, moves a canary's figures by one.
import { isIPv6 } from 'node:net';

export const MAX_WINDOW_MINUTES = 60;
/** Clients remembered per release (each kind); beyond, those seen longest ago are forgotten. */
const CLIENTS_KEPT = 20_000;

/**
 * One client for the verdict: an IPv4 address, or an IPv6 address's /64 (one subscriber's
 * network: a host picks any address in it at will).
 */
export function clientOf(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const groups = [...head.split(':').filter(Boolean), ...Array<string>(8).fill('0')].slice(0, 8);
  if (tail) {
    const right = tail.split(':');
    groups.splice(8 - right.length, right.length, ...right);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Distinct clients by the last minute each was seen, in order of that sighting. */
class DistinctClients {
  private readonly lastSeen = new Map<string, number>();

  see(client: string, minute: number): void {
    this.lastSeen.delete(client);
    this.lastSeen.set(client, minute);
    if (this.lastSeen.size > CLIENTS_KEPT) this.lastSeen.delete(this.lastSeen.keys().next().value ?? '');
  }

  /** Clients seen after `minute` (those far older than any window are dropped on the way). */
  since(minute: number): number {
    let count = 0;
    for (const [client, seen] of this.lastSeen) {
      if (seen <= minute - MAX_WINDOW_MINUTES) this.lastSeen.delete(client);
      else if (seen > minute) count += 1;
    }
    return count;
  }
}
/** Values kept per vital, per release and minute; beyond, a uniform sample of them (reservoir). */
const VALUES_KEPT = 512;

interface Slot {
  minute: number;
  views: number;
  errors: number;
  vitals: number;
  lcp: number[];
  lcpSeen: number;
  inp: number[];
  inpSeen: number;
  /** `<client>\n<vital>` already taken this minute (the current slot's only). */
  vitalFrom?: Set<string>;
}

export interface ReleaseSummary {
  remote: string;
  version: string;
  pageViews: number;
  errors: number;
  /** errors / pageViews (0 without views). */
  errorRate: number;
  lcpP75: number | null;
  inpP75: number | null;
  vitalsSamples: number;
  /** Distinct clients (clientOf) that reported a view of it in the window: the watcher's sample. */
  clients: number;
  /** Distinct clients that reported an error of it in the window. */
  clientsWithErrors: number;
}

export interface TelemetrySummary {
  windowMinutes: number;
  releases: ReleaseSummary[];
}

/** The 75th percentile (nearest rank), or null without values. */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1] ?? null;
}

function keep(values: number[], seen: number, value: number): void {
  if (values.length < VALUES_KEPT) values.push(value);
  else {
    const index = Math.floor(Math.random() * seen);
    if (index < VALUES_KEPT) values[index] = value;
  }
}

export class ReleaseWindow {
  private readonly releases = new Map<
    string,
    { remote: string; version: string; slots: Slot[]; viewers: DistinctClients; failing: DistinctClients }
  >();

  constructor(private readonly now: () => number = Date.now) {}

  private release(remote: string, version: string) {
    const key = `${remote}\n${version}`;
    let release = this.releases.get(key);
    if (!release) {
      release = { remote, version, slots: [], viewers: new DistinctClients(), failing: new DistinctClients() };
      this.releases.set(key, release);
    }
    return release;
  }

  private slot(remote: string, version: string): Slot {
    const release = this.release(remote, version);
    const minute = Math.floor(this.now() / 60_000);
    const slots = release.slots;
    let slot = slots[slots.length - 1];
    if (slot?.minute !== minute) {
      if (slot) delete slot.vitalFrom;
      slot = { minute, views: 0, errors: 0, vitals: 0, lcp: [], lcpSeen: 0, inp: [], inpSeen: 0 };
      slots.push(slot);
      while (slots.length > 0 && (slots[0]?.minute ?? minute) <= minute - MAX_WINDOW_MINUTES) slots.shift();
    }
    return slot;
  }

  /** A view, from `client` (clientOf its address). */
  view(remote: string, version: string, client: string): void {
    this.slot(remote, version).views += 1;
    this.release(remote, version).viewers.see(client, Math.floor(this.now() / 60_000));
  }

  error(remote: string, version: string, client: string): void {
    this.slot(remote, version).errors += 1;
    this.release(remote, version).failing.see(client, Math.floor(this.now() / 60_000));
  }

  /**
   * A vital, kept only as a client's first of that name in this minute (one client cannot fill
   * the sample its p75 comes from); false when dropped.
   */
  vital(remote: string, version: string, name: string, value: number, client: string): boolean {
    const slot = this.slot(remote, version);
    const from = (slot.vitalFrom ??= new Set());
    const key = `${client}\n${name}`;
    if (from.has(key) || from.size >= CLIENTS_KEPT * 4) return false;
    from.add(key);
    slot.vitals += 1;
    if (name === 'LCP') keep(slot.lcp, ++slot.lcpSeen, value);
    if (name === 'INP') keep(slot.inp, ++slot.inpSeen, value);
    return true;
  }

  summary(minutes: number): TelemetrySummary {
    const since = Math.floor(this.now() / 60_000) - minutes;
    const releases: ReleaseSummary[] = [];
    for (const [key, release] of this.releases) {
      const slots = release.slots.filter((slot) => slot.minute > since);
      if (slots.length === 0) {
        if (release.slots.every((slot) => slot.minute <= since - MAX_WINDOW_MINUTES)) this.releases.delete(key);
        continue;
      }
      const sum = (pick: (slot: Slot) => number) => slots.reduce((total, slot) => total + pick(slot), 0);
      const pageViews = sum((slot) => slot.views);
      const errors = sum((slot) => slot.errors);
      releases.push({
        remote: release.remote,
        version: release.version,
        pageViews,
        errors,
        errorRate: pageViews === 0 ? 0 : Math.round((errors / pageViews) * 10_000) / 10_000,
        lcpP75: p75(slots.flatMap((slot) => slot.lcp)),
        inpP75: p75(slots.flatMap((slot) => slot.inp)),
        vitalsSamples: sum((slot) => slot.vitals),
        clients: release.viewers.since(since),
        clientsWithErrors: release.failing.since(since),
      });
    }
    releases.sort((a, b) => a.remote.localeCompare(b.remote) || a.version.localeCompare(b.version));
    return { windowMinutes: minutes, releases };
  }
}
