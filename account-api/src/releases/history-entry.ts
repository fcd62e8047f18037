// One history line of a change to the release pointers, in the one shape both stores write: the
// release service's database (release-store.ts) and the pointers file of `npm run release`
// (scripts/releases/pointer-store.mjs, which loads this file with Node itself: only erasable
// TypeScript here, no imports).

/** The pointers as the stores see them: a version and one entry per remote. */
export interface PointerStateShape {
  version: number;
  remotes: Record<string, Record<string, unknown> | undefined>;
}

export interface HistoryChange {
  action: string;
  remote?: string | null | undefined;
  who: { by: string; why?: string | null | undefined; commit?: string | null | undefined };
}

/** The line for a change from `before` to `after` (`after.version` already set), with the change's own details. */
export function historyEntry(
  change: HistoryChange,
  before: PointerStateShape,
  after: PointerStateShape,
  details: Record<string, unknown>,
): { version: number; action: string; remote: string | null } & Record<string, unknown> {
  const { action, remote, who } = change;
  const remoteVersion = (state: PointerStateShape): unknown => (remote ? (state.remotes[remote]?.version ?? null) : null);
  return {
    version: after.version,
    at: new Date().toISOString(),
    action,
    remote: remote ?? null,
    ...details,
    by: who.by,
    why: who.why ?? null,
    commit: who.commit ?? null,
    before: remoteVersion(before),
    after: remoteVersion(after),
  };
}
