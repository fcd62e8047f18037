// Label values come only from fixed sets, so no visitor can mint a time series or put text of
// theirs in a label: parts are the runtime config's remotes and the shell, build ids are those
// this service has read in the parts' manifests, routes are shared-contracts' patterns. Anything
// else is `other`. (A visitor steered onto a build, a canary's or a preview's, also has that
// build counted: telemetry-plugin.ts reads it from their cookies, which only the operators' pointers
// and signed preview tokens can set.)
import { OTHER_LABEL, SHELL_PART, TELEMETRY_ROUTES } from '@portal/shared-contracts/telemetry';

/** Build ids kept per part: the current one and a few before it (open tabs, a canary). */
const BUILDS_KEPT = 8;
/** How often the parts' manifests are looked at again, at most. */
const REFRESH_MS = 1_000;

const ROUTES = new Set(TELEMETRY_ROUTES);

export class KnownLabels {
  private readonly builds = new Map<string, string[]>();
  private refreshedAt = -Infinity;
  private refreshing: Promise<void> | null = null;

  constructor(
    /** Build ids of the shell and of each remote (the live one, then a canary's), as the page service knows them now. */
    private readonly buildsInUse: () => Promise<Record<string, readonly (string | null)[]>>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads the current builds again if the last look is more than a second old. */
  refresh(): Promise<void> {
    if (this.now() - this.refreshedAt < REFRESH_MS) return Promise.resolve();
    this.refreshing ??= this.buildsInUse()
      .then((current) => {
        for (const [part, builds] of Object.entries(current)) {
          const inUse = builds.filter((build): build is string => build !== null);
          // The builds in use now always stay; those before them while there is room (open tabs
          // still report them), the most recently in use first.
          const known = new Set([...inUse, ...(this.builds.get(part) ?? [])]);
          this.builds.set(part, [...known].slice(0, BUILDS_KEPT));
        }
      })
      .catch(() => undefined)
      .finally(() => {
        this.refreshedAt = this.now();
        this.refreshing = null;
      });
    return this.refreshing;
  }

  part(part: string): string {
    return this.builds.has(part) ? part : OTHER_LABEL;
  }

  build(part: string, build: string): string {
    return this.builds.get(part)?.includes(build) ? build : OTHER_LABEL;
  }

  route(route: string): string {
    return ROUTES.has(route) ? route : OTHER_LABEL;
  }

  /** Every part known (the shell first), for the summary. */
  parts(): string[] {
    return [SHELL_PART, ...[...this.builds.keys()].filter((part) => part !== SHELL_PART)];
  }
}
