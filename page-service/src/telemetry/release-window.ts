// Each release's health over the last minutes, in this instance's memory: per part and build id,
// one slot per minute (views, errors, and the LCP and INP values, a bounded sample of each), so a
// summary of the last N minutes (N ≤ 60) adds up N slots. This is what the release watcher and
// `npm run telemetry` read; Prometheus gets the same events as counters and histograms.

export const MAX_WINDOW_MINUTES = 60;
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
  private readonly releases = new Map<string, { remote: string; version: string; slots: Slot[] }>();

  constructor(private readonly now: () => number = Date.now) {}

  private slot(remote: string, version: string): Slot {
    const key = `${remote}\n${version}`;
    let release = this.releases.get(key);
    if (!release) {
      release = { remote, version, slots: [] };
      this.releases.set(key, release);
    }
    const minute = Math.floor(this.now() / 60_000);
    const slots = release.slots;
    let slot = slots[slots.length - 1];
    if (slot?.minute !== minute) {
      slot = { minute, views: 0, errors: 0, vitals: 0, lcp: [], lcpSeen: 0, inp: [], inpSeen: 0 };
      slots.push(slot);
      while (slots.length > 0 && (slots[0]?.minute ?? minute) <= minute - MAX_WINDOW_MINUTES) slots.shift();
    }
    return slot;
  }

  view(remote: string, version: string): void {
    this.slot(remote, version).views += 1;
  }

  error(remote: string, version: string): void {
    this.slot(remote, version).errors += 1;
  }

  vital(remote: string, version: string, name: string, value: number): void {
    const slot = this.slot(remote, version);
    slot.vitals += 1;
    if (name === 'LCP') keep(slot.lcp, ++slot.lcpSeen, value);
    if (name === 'INP') keep(slot.inp, ++slot.inpSeen, value);
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
      });
    }
    releases.sort((a, b) => a.remote.localeCompare(b.remote) || a.version.localeCompare(b.version));
    return { windowMinutes: minutes, releases };
  }
}
