// The shell's build as the page service reads it: index.html, its stylesheet (inlined into every
// page), mf-manifest.json (for the shared chunks' hints) and the pre-renderer (shell/dist-prerender/
// render-page.cjs). Each file is read again when a deploy replaced it, and the build's version
// moves with any of them, so cached pages of the old build are drawn again.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RuntimeConfig } from 'shared-contracts';
import type { FragmentLookup, PrerenderedPage } from 'shared-contracts/fragments';
import type { GameStatsSnapshot } from 'shared-contracts/play-data';
import { cachedByMtime, type CachedFile } from '../sources/file-cache';
import type { FederationManifest } from './preload-hints';

/** The pre-renderer's entry point, as built into render-page.cjs. */
export type RenderPage = (
  url: string,
  config: RuntimeConfig,
  hostname: string,
  origin: string,
  fragmentOf: FragmentLookup,
  /** Every game's figures; null when the API could not give them (Home then draws no rows for them). */
  stats: GameStatsSnapshot | null,
) => PrerenderedPage;

// Ready for a <style> element, once per build: the source map comment would point into the
// page's folder (maps are not served anyway), and '</' must not end the element early.
export const styleElementText = (css: string): string =>
  css.replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '').replace(/<\//g, '<\\/');

const STYLESHEET_LINK = /<link href="\/([\w.-]+\.css)" rel="stylesheet">/;
const nodeRequire = createRequire(__filename);

export interface ShellFiles {
  index: string | null;
  /** The index's stylesheet link and its text, ready to inline; null without one. */
  stylesheet: { link: string; href: string; css: string } | null;
  manifest: FederationManifest | null;
  renderPage: RenderPage | null;
  /** Moves when any of the files above changed. */
  version: string;
}

export class ShellBuild {
  private readonly index: () => CachedFile<string | null>;
  private readonly manifest: () => CachedFile<FederationManifest | null>;
  private readonly renderer: () => CachedFile<RenderPage | null>;
  private readonly stylesheets = new Map<string, () => CachedFile<string | null>>();

  constructor(
    readonly distDir: string,
    readonly prerenderDir: string = path.join(distDir, '..', 'dist-prerender'),
  ) {
    this.index = cachedByMtime(path.join(distDir, 'index.html'), (text) => text, null);
    this.manifest = cachedByMtime(path.join(distDir, 'mf-manifest.json'), (text) => JSON.parse(text) as FederationManifest, null);
    const rendererFile = path.join(prerenderDir, 'render-page.cjs');
    this.renderer = cachedByMtime(
      rendererFile,
      () => {
        // A rebuilt renderer replaces the one in require's cache.
        Reflect.deleteProperty(nodeRequire.cache, nodeRequire.resolve(rendererFile));
        const module = nodeRequire(rendererFile) as { renderPage?: RenderPage };
        return typeof module.renderPage === 'function' ? module.renderPage : null;
      },
      null,
    );
  }

  files(): ShellFiles {
    const index = this.index();
    const manifest = this.manifest();
    const renderer = this.renderer();
    const href = index.value ? STYLESHEET_LINK.exec(index.value) : null;
    let stylesheet: ShellFiles['stylesheet'] = null;
    let cssStamp = -1;
    if (href?.[1]) {
      const file = path.join(this.distDir, href[1]);
      let read = this.stylesheets.get(file);
      if (!read) {
        read = cachedByMtime(file, styleElementText, null);
        this.stylesheets.set(file, read);
      }
      const css = read();
      cssStamp = css.mtimeMs;
      if (css.value !== null) stylesheet = { link: href[0], href: href[1], css: css.value };
    }
    return {
      index: index.value,
      stylesheet,
      manifest: manifest.value,
      renderPage: renderer.value,
      version: [index.mtimeMs, manifest.mtimeMs, renderer.mtimeMs, cssStamp].join(),
    };
  }
}
