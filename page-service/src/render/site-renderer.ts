// Everything a page is made of, and the cache of pages made: the shell's build, the runtime
// config, the remotes' manifests and fragments. A page is drawn again only when one of them
// changed (each has a version, and the versions are part of the cache's key).
import { performance } from 'node:perf_hooks';
import type { RuntimeConfig } from 'shared-contracts';
import { configFor, type PageVariant } from '../cohorts/cohorts';
import type { ConfigSource, VersionedConfig } from '../config/config-source';
import { inlineScriptHashes, pageSecurityHeaders } from '../headers/security-headers';
import type { RemoteFiles } from '../sources/remote-files';
import { renderDocument } from './document';
import { fallbackDocument, writeFallback } from './fallback-page';
import { etagOf, type CachedPage, type PageCache } from './page-cache';
import { fragmentsUrlOf } from './remote-fragments';
import type { ShellBuild } from './shell-build';

export interface PageAsked {
  url: string;
  /** The Host header (already checked to be a host name, maybe with a port). */
  host: string;
  https: boolean;
  /** The visitor's canary cohort or preview override, when the page differs from the live one. */
  variant?: PageVariant | null;
}

export interface SiteRendererOptions {
  shell: ShellBuild;
  configs: ConfigSource;
  remoteFiles: RemoteFiles;
  cache: PageCache;
  /** Where to keep nginx's fallback page up to date (absent: not written). */
  fallbackDir?: string | undefined;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
}

export class SiteRenderer {
  private fallbackStamp = '';

  constructor(private readonly options: SiteRendererOptions) {}

  config(): Promise<VersionedConfig> {
    return this.options.configs.current();
  }

  /** Why this service cannot serve pages right now, or null. */
  async problem(): Promise<string | null> {
    if (this.options.shell.files().index === null) return `no index.html in ${this.options.shell.distDir}`;
    try {
      await this.config();
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  }

  async page({ url, host, https, variant }: PageAsked): Promise<{ key: string; page: CachedPage }> {
    const { shell, remoteFiles, cache } = this.options;
    const files = shell.files();
    const { config: live, version } = await this.config();
    this.keepFallback(files.version, version, live);
    const config = configFor(live, variant);
    const key = [
      https ? 'https' : 'http',
      host.toLowerCase(),
      url,
      version,
      files.version,
      this.remotesVersion(config),
      variant?.key ?? '',
    ].join('\n');
    const page = await cache.page(key, async () => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      let renderFailed = false;
      const { html } = await renderDocument(
        files,
        remoteFiles,
        { url, hostname: host.replace(/:\d+$/, ''), origin: `${https ? 'https' : 'http'}://${host}`, config },
        (error) => {
          renderFailed = true;
          this.options.log.error({ err: error, url }, 'page could not be pre-rendered; sending the plain shell');
        },
      );
      const body = Buffer.from(variant?.bannerHtml ? html.replace('</body>', () => `${variant.bannerHtml}</body>`) : html);
      const used = process.cpuUsage(cpu);
      return {
        body,
        etag: etagOf(body),
        headers: pageSecurityHeaders(config, { https, scriptHashes: inlineScriptHashes(html) }),
        renderMs: (used.user + used.system) / 1000 || performance.now() - started,
        cacheable: !renderFailed,
      };
    });
    return { key, page };
  }

  /** The remotes' files this config's pages are made from, as one version. */
  private remotesVersion(config: RuntimeConfig): string {
    const { remoteFiles } = this.options;
    return Object.values((config.remotes as Record<string, string> | undefined) ?? {})
      .map((manifestUrl) => {
        const fragments = fragmentsUrlOf(manifestUrl);
        return `${remoteFiles.versionOf(manifestUrl)}.${fragments ? remoteFiles.versionOf(fragments) : 0}`;
      })
      .join(',');
  }

  private keepFallback(shellVersion: string, configVersion: number, config: RuntimeConfig): void {
    const { fallbackDir, shell, log } = this.options;
    const stamp = `${shellVersion}|${configVersion}`;
    if (!fallbackDir || stamp === this.fallbackStamp) return;
    this.fallbackStamp = stamp;
    try {
      const html = fallbackDocument(shell.files(), config);
      if (html) writeFallback(fallbackDir, html);
    } catch (error) {
      log.warn({ err: error, fallbackDir }, 'the fallback page could not be written');
    }
  }
}
