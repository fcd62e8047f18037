// The per-visitor choice of releases (decision 0046): which manifest URL each remote has for the
// visitor asking, as a composition of selectors (the canary's cohorts, preview overrides). One
// function, `selectReleases`, is called once per request for a page or /config.json; its result
// drives everything the visitor gets: the rendered config (and so the fragments, preload hints
// and CSP drawn from it), /config.json, the render cache's key, whether the page may be a file
// for nginx, Set-Cookie, Cache-Control and Vary.
import type { RuntimeConfig } from '@portal/shared-contracts';
import type { PreviewBanner } from '@portal/shared-contracts/fragments';
import type { PointerState } from './pointer-state';

/** What a selector may look at: nothing else about the request reaches it. */
export interface Visitor {
  /** The request's cookies by name (parsed once, read-only). */
  cookies: Readonly<Record<string, string>>;
  /**
   * Cookies that nginx keys its cache by and that this request's header spells more than one way
   * (cohort-cookie.ts): left out of `cookies`; their selector must answer privately and anew.
   */
  ambiguous?: readonly string[];
  /** Path and query, as asked. */
  url: string;
  https: boolean;
}

export interface Selection {
  /** Manifest URL per remote container, over the config's `remotes` (only those that differ). */
  remotes: Readonly<Record<string, string>>;
  /**
   * Which variant of the site this visitor sees, for every cache: '' is everyone's pages (the
   * only ones kept as files for nginx). Any other value must be short and drawn from a small
   * set (cohort labels, never a per-visitor id): it is part of the render cache's key.
   */
  key: string;
  /** Set-Cookie header values to send with the answer. */
  setCookies: readonly string[];
  /** false: this answer is the visitor's alone (private, no-store), never in a shared cache. */
  cacheable: boolean;
  /** Banners drawn first in the page's body (a preview override's); only with `cacheable: false`. */
  banners?: readonly PreviewBanner[];
}

export interface ReleaseSelector {
  select(visitor: Visitor, state: PointerState, config: RuntimeConfig): Selection;
}

/** No selector steered the visitor: everyone's releases, cacheable anywhere. */
export const EVERYONE: Selection = Object.freeze({ remotes: {}, key: '', setCookies: [], cacheable: true });

/**
 * Selectors applied in order: a later one's URL wins for the same remote; keys are joined (in
 * order, empty ones left out), cookies all sent, and the answer is cacheable only if every
 * selector says so.
 */
export function composeSelectors(selectors: readonly ReleaseSelector[]): ReleaseSelector {
  return {
    select(visitor, state, config) {
      let remotes: Record<string, string> = {};
      const keys: string[] = [];
      const setCookies: string[] = [];
      const banners: PreviewBanner[] = [];
      let cacheable = true;
      for (const selector of selectors) {
        const chosen = selector.select(visitor, state, config);
        remotes = { ...remotes, ...chosen.remotes };
        if (chosen.key) keys.push(chosen.key);
        setCookies.push(...chosen.setCookies);
        cacheable &&= chosen.cacheable;
        banners.push(...(chosen.banners ?? []));
      }
      return { remotes, key: keys.join('|'), setCookies, cacheable, ...(banners.length ? { banners } : {}) };
    },
  };
}

/** The config this visitor's pages carry: the selected remotes over the deployed ones. */
export function selectedConfig(config: RuntimeConfig, selection: Selection): RuntimeConfig {
  if (Object.keys(selection.remotes).length === 0) return config;
  return { ...config, remotes: { ...config.remotes, ...selection.remotes } };
}
