// The shell's build as the page service reads it: entry-assets.json (the entry's scripts and
// stylesheets, as rspack listed them), the stylesheets' text (inlined into every page),
// mf-manifest.json (for the shared chunks' hints) and the pre-renderer (shell/dist-prerender/
// render-page.cjs: the page and the document around it). Each file is read again when a deploy
// replaced it, and the build's version moves with any of them, so cached pages of the old build
// are drawn again.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RuntimeConfig } from '@portal/shared-contracts';
import type { FragmentLookup, PrerenderedPage, RenderDocument, ShellEntryAssets } from '@portal/shared-contracts/fragments';
import type { GameStatsSnapshot } from '@portal/shared-contracts/play-data';
import { cachedByMtime, type CachedFile } from '../sources/file-cache';
import type { FederationManifest } from './preload-hints';
import { fitsStyleElement } from './style-element';

/** The pre-renderer's page step, as built into render-page.cjs. */
export type RenderPage = (
  url: string,
  config: RuntimeConfig,
  hostname: string,
  origin: string,
  fragmentOf: FragmentLookup,
  /** Every game's figures; null when the API could not give them (Home then draws no rows for them). */
  stats: GameStatsSnapshot | null,
) => PrerenderedPage;

/** Both entry points of render-page.cjs. */
export interface ShellRenderer {
  renderPage: RenderPage;
  renderDocument: RenderDocument;
}

/** The file the shell's build lists its entry's files in (build-config's EntryAssetsPlugin). */
export const ENTRY_ASSETS_FILE = 'entry-assets.json';

const nodeRequire = createRequire(__filename);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function parseEntryAssets(text: string): ShellEntryAssets | null {
  const assets = JSON.parse(text) as Partial<ShellEntryAssets>;
  return typeof assets.title === 'string' && isStringList(assets.scripts) && isStringList(assets.stylesheets)
    ? { title: assets.title, scripts: assets.scripts, stylesheets: assets.stylesheets }
    : null;
}

export interface ShellFiles {
  /** The entry's files; null without a build. */
  assets: ShellEntryAssets | null;
  /** Stylesheet URL → its text, to inline (those of `assets` that could be read and fit a <style> element). */
  inlineStyles: Record<string, string>;
  manifest: FederationManifest | null;
  renderer: ShellRenderer | null;
  /** Moves when any of the files above changed. */
  version: string;
}

export class ShellBuild {
  private readonly assets: () => CachedFile<ShellEntryAssets | null>;
  private readonly manifest: () => CachedFile<FederationManifest | null>;
  private readonly renderer: () => CachedFile<ShellRenderer | null>;
  private readonly stylesheets = new Map<string, () => CachedFile<string | null>>();

  constructor(
    readonly distDir: string,
    readonly prerenderDir: string = path.join(distDir, '..', 'dist-prerender'),
    private readonly log: { warn(details: object, message: string): void } = { warn: () => undefined },
  ) {
    this.assets = cachedByMtime(path.join(distDir, ENTRY_ASSETS_FILE), parseEntryAssets, null);
    this.manifest = cachedByMtime(path.join(distDir, 'mf-manifest.json'), (text) => JSON.parse(text) as FederationManifest, null);
    const rendererFile = path.join(prerenderDir, 'render-page.cjs');
    this.renderer = cachedByMtime(
      rendererFile,
      () => {
        // A rebuilt renderer replaces the one in require's cache.
        Reflect.deleteProperty(nodeRequire.cache, nodeRequire.resolve(rendererFile));
        const module = nodeRequire(rendererFile) as Partial<ShellRenderer>;
        return typeof module.renderPage === 'function' && typeof module.renderDocument === 'function'
          ? { renderPage: module.renderPage, renderDocument: module.renderDocument }
          : null;
      },
      null,
    );
  }

  private inlinable(href: string, css: string): string | null {
    if (fitsStyleElement(css)) return css;
    this.log.warn({ href }, "the shell's stylesheet holds '</style': linked, not inlined (the first paint waits for it)");
    return null;
  }

  files(): ShellFiles {
    const assets = this.assets();
    const manifest = this.manifest();
    const renderer = this.renderer();
    const inlineStyles: Record<string, string> = {};
    const cssStamps: number[] = [];
    for (const href of assets.value?.stylesheets ?? []) {
      // The build's URLs are rooted at its public path '/': the file is that path in dist.
      const file = path.join(this.distDir, path.posix.normalize(href).replace(/^\/+/, ''));
      let read = this.stylesheets.get(file);
      if (!read) {
        // Read once per build: a stylesheet that cannot be a <style> element's text is linked.
        read = cachedByMtime(file, (css) => this.inlinable(href, css), null);
        this.stylesheets.set(file, read);
      }
      const css = read();
      cssStamps.push(css.mtimeMs);
      if (css.value !== null) inlineStyles[href] = css.value;
    }
    return {
      assets: assets.value,
      inlineStyles,
      manifest: manifest.value,
      renderer: renderer.value,
      version: [assets.mtimeMs, manifest.mtimeMs, renderer.mtimeMs, ...cssStamps].join(),
    };
  }
}
