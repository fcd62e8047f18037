// A remote's pages rendered at build time, published beside its manifest as `fragments.json`
// (decision 0032). The site's server puts the page's fragment into the HTML it sends, so the
// first screen of content needs no script; the shell's boundary keeps it until the remote mounts.
// Props differ per site (the brand), so the remote renders with "slots" in place of string props
// and the shell fills them with the props it mounts the remote with.

import type { MetaTag } from '../seo/page-meta';
import type { RemoteModuleId } from './exposes';
import { escapeHtml } from '../text/escape-html';

/** What `fragments.json` holds. */
export interface FragmentFile {
  schema: 1;
  /**
   * Expose name ("CategoryPage") → page path as the site links it ("/categories/Arcade%20Games") →
   * HTML with slots (the page service cuts it at them once per loaded file: `fragmentPieces`).
   */
  pages: Record<string, Record<string, string>>;
  /** Expose name → the stylesheet text its HTML needs (the expose's own CSS from the build). */
  styles: Record<string, string>;
  /** Expose name → the props it was rendered with (`propsKey`): a mount with other props gets no fragment. */
  props: Record<string, string>;
  /**
   * Expose name → page path → the ids of the games the page links to (its router's hrefs), so
   * the server can tell a page that links to an unavailable game without reading its HTML.
   * Absent from older builds.
   */
  linkedGames?: Record<string, Record<string, number[]>>;
}

// Private-use characters: React writes them through unchanged, and no prop value holds them.
const SLOT_START = '\uE000';
const SLOT_END = '\uE001';

type Slotted<T> = T extends string
  ? string
  : T extends readonly unknown[]
    ? T
    : T extends object
      ? { [K in keyof T]: Slotted<T[K]> }
      : T;

/** The props with each string (in nested objects too) replaced by a slot naming its path. Arrays stay as they are. */
export function slottedProps<T>(props: T, path = ''): Slotted<T> {
  if (typeof props === 'string') return `${SLOT_START}${path}${SLOT_END}` as Slotted<T>;
  if (props === null || typeof props !== 'object' || Array.isArray(props)) return props as Slotted<T>;
  const slotted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) slotted[key] = slottedProps(value, path ? `${path}.${key}` : key);
  return slotted as Slotted<T>;
}

/**
 * The props as a fragment is rendered with them: strings are slots, anything else (an array of
 * hosts, say) is part of the page. Equal keys: the fragment fits the mount.
 */
export const propsKey = (props: unknown): string => JSON.stringify(slottedProps(props));

/**
 * A fragment cut at its slots, once per loaded file: `html[0]`, slot `slots[0]`, `html[1]`, …
 * (`html` has one piece more than `slots`). Filling it is a join, not a search of the HTML.
 */
export interface FragmentPieces {
  readonly html: readonly string[];
  /** Each slot's prop path ("brand.name"). */
  readonly slots: readonly string[];
}

/**
 * The fragment's HTML cut at its slots; null when a slot marker is not closed (the file was not
 * written by `slottedProps`' render, and a cut could split its HTML anywhere).
 */
export function fragmentPieces(text: string): FragmentPieces | null {
  const [first = '', ...rest] = text.split(SLOT_START);
  const html = [first];
  const slots: string[] = [];
  for (const part of rest) {
    const end = part.indexOf(SLOT_END);
    if (end === -1) return null;
    slots.push(part.slice(0, end));
    html.push(part.slice(end + SLOT_END.length));
  }
  return { html, slots };
}

function valueAt(props: unknown, path: string): unknown {
  let value = props;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The fragment with every slot filled from `props`, HTML-escaped; null when a slot names no
 * string prop (the remote was built against other props: the page shows its placeholder instead).
 */
export function fillSlots({ html, slots }: FragmentPieces, props: unknown): string | null {
  const values = slots.map((path) => valueAt(props, path));
  if (!values.every((value): value is string => typeof value === 'string')) return null;
  return html.map((piece, index) => (index === 0 ? piece : `${escapeHtml(values[index - 1] ?? '')}${piece}`)).join('');
}

/** A remote module's fragment for a page (its HTML cut at the slots, and the props it was rendered with); undefined if it has none. */
export type FragmentLookup = (id: RemoteModuleId) => { pieces: FragmentPieces; props: string } | undefined;

/** One preload hint in the page's head (the remotes' files the page mounts, the shell's shared chunks). */
export interface PreloadHint {
  href: string;
  as: 'script' | 'style' | 'fetch';
  crossOrigin?: 'anonymous';
}

/** The shell's entry files as its build lists them (dist/entry-assets.json). */
export interface ShellEntryAssets {
  /** The standalone page's title (the shell's build option). */
  title: string;
  /** The entry's scripts, as URLs ("/main.1a2b.js"). */
  scripts: string[];
  /** The entry's stylesheets, as URLs. */
  stylesheets: string[];
}

/** What the page service gives the shell's document renderer (shell/src/prerender/render-document.tsx). */
export interface DocumentProps {
  /** The page's content and head; null: the plain shell, which starts in the browser. */
  page: PrerenderedPage | null;
  assets: ShellEntryAssets;
  /** Stylesheet URL → its text ready for a <style> element: inlined; any other is linked. */
  inlineStyles: Readonly<Record<string, string>>;
  /** The stylesheet of each remote page drawn from its fragment. */
  fragmentStyles: readonly { id: string; css: string }[];
  /** The runtime config, written into the page as JSON data. */
  config: unknown;
  hints: readonly PreloadHint[];
  /**
   * The Content-Security-Policy for the page's <meta http-equiv>, given the document's executable
   * inline scripts; absent: no meta tag.
   */
  policyFor?: (inlineScripts: readonly string[]) => string;
  /** Preview overrides in force for this visitor: each draws a banner first in the body, outside React's root. */
  banners?: readonly PreviewBanner[];
}

/** A preview override's banner (decision 0047): which remote loads which build, until when, and the link that clears it. */
export interface PreviewBanner {
  remote: string;
  url: string;
  /** When it ends, as the tester reads it ("24 Nov 2026, 21:40 UTC"). */
  until: string;
  /** The page's own URL with the override cleared. */
  clearHref: string;
}

export interface RenderedShellDocument {
  html: string;
  /** The exact text of every executable inline script in `html` (for the CSP's hashes). */
  inlineScripts: string[];
}

/** The document renderer's entry point, as built into render-page.cjs. */
export type RenderDocument = (props: DocumentProps) => RenderedShellDocument;

/**
 * What the shell's pre-renderer (shell/src/prerender/render-page.tsx) gives the page service
 * (page-service/src/render/document.ts) for one page: the two are built and deployed apart, and
 * meet at this type.
 */
export interface PrerenderedPage {
  /** Markup for inside <div id="root">. */
  html: string;
  /** Attributes for <div id="root"> (name → value): which mounts the browser hydrates from the server's fragments. */
  rootAttributes: Record<string, string>;
  /** The page's document title, the brand's icon and the page's meta tags for <head>. */
  title: string;
  /**
   * The HTTP status to answer with: 404 for a path, category, tag or game the site does not have.
   * Absent (a pre-renderer built before it said so): 200.
   */
  status?: number;
  favicon: string;
  metaTags: MetaTag[];
  /** The remote modules this page mounts (for preload hints). */
  remoteModules: RemoteModuleId[];
  /** The remote modules drawn from their fragment (their stylesheets go in the page's head). */
  fragments: RemoteModuleId[];
  /** JSON-LD documents for the page's head, when the page has any. */
  structuredData?: string[];
}
