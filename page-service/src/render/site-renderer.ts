// Everything a page is made of, and the cache of pages made: the shell's build, the runtime
// config, the remotes' manifests and fragments, the API's play figures. A page is drawn again only when one of them
// changed (each has a version, and the versions are part of the cache's key).
import { performance } from 'node:perf_hooks';
import type { RuntimeConfig } from '@portal/shared-contracts';
import type { ConfigSource, VersionedConfig } from '../config/config-source';
import { pageSecurityHeaders } from '../headers/security-headers';
import { statsUrlOf, type GameStatsSource } from '../sources/game-stats';
import type { RemoteFiles } from '../sources/remote-files';
import { EVERYONE, selectedConfig, type Selection } from '../builds/release-selector';
import type { Steered } from '../builds/which-build';
import { renderDocument } from './document';
import { fallbackDocument } from './fallback-page';
import { etagOf, type CachedPage, type PageCache } from './page-cache';
import { fragmentsUrlOf } from './remote-fragments';
import { ENTRY_ASSETS_FILE, type ShellBuild } from './shell-build';

/** A federation manifest's build id, when it names one. */
function buildVersionOf(manifest: unknown): string | null {
  const version = (manifest as { metaData?: { buildInfo?: { buildVersion?: unknown } } } | null)?.metaData?.buildInfo
    ?.buildVersion;
  return typeof version === 'string' ? version : null;
}

export interface PageAsked {
  url: string;
  /** The Host header (already checked to be a host name, maybe with a port). */
  host: string;
  https: boolean;
}

export interface SiteRendererOptions {
  shell: ShellBuild;
  configs: ConfigSource;
  remoteFiles: RemoteFiles;
  gameStats: GameStatsSource;
  /** Where the API's stats snapshot is read (default: the config's accountApiUrl). */
  statsUrl?: string | undefined;
  cache: PageCache;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
}

/** A visitor's selection, with the config it was made from (their page is drawn from that same one). */
export interface SteeredVisitor extends Steered {
  base: VersionedConfig;
}

/** Everyone's page, from the config as it is now. */
const EVERYONE_NOW = { selection: EVERYONE, base: null } as const;

export class SiteRenderer {
  /** The fallback page of the last shell build and config it was drawn from. */
  private fallback: { stamp: string; html: string | null } | null = null;

  constructor(private readonly options: SiteRendererOptions) {}

  config(): Promise<VersionedConfig> {
    return this.options.configs.current();
  }

  /**
   * Why this service cannot draw whole pages right now, or null: the shell's build and its
   * pre-renderer, the config, and every remote's manifest and fragments (each answered, a 404
   * included: a remote may ship no fragments; unreachable is not an answer).
   */
  async problem(): Promise<string | null> {
    const { shell } = this.options;
    const files = shell.files();
    if (files.assets === null) return `no ${ENTRY_ASSETS_FILE} in ${shell.distDir}`;
    if (files.renderer === null) return `no pre-renderer (render-page.cjs) in ${shell.prerenderDir}`;
    let current: VersionedConfig;
    try {
      current = await this.config();
    } catch (error) {
      return (error as Error).message;
    }
    await this.warm().catch(() => undefined);
    const missing = this.unansweredRemoteFiles(this.remoteFileUrls(current));
    return missing.length ? `remote files not loaded yet: ${missing.join(', ')}` : null;
  }

  /**
   * Fetches the files the current config's pages are made from (each remote's manifest and
   * fragments), so the first pages after a start are drawn whole, not without their content.
   */
  async warm(): Promise<void> {
    const urls = this.remoteFileUrls(await this.config());
    await Promise.all(urls.map((url) => this.options.remoteFiles.get(url)));
  }

  /** Each remote's manifest and fragments URL, the running canaries' too. */
  private remoteFileUrls({ config, pointers }: VersionedConfig): string[] {
    const canaries = Object.values(pointers.remotes).flatMap((pointer) => (pointer.canary ? [pointer.canary.url] : []));
    return this.manifestsAndFragments([
      ...Object.values((config.remotes as Record<string, string> | undefined) ?? {}),
      ...canaries,
    ]);
  }

  private manifestsAndFragments(manifests: string[]): string[] {
    return manifests
      .flatMap((manifestUrl) => [manifestUrl, fragmentsUrlOf(manifestUrl) ?? ''])
      .filter((url) => URL.canParse(url));
  }

  /** The URLs among these that have not answered (unknown yet, or unreachable). */
  private unansweredRemoteFiles(urls: string[]): string[] {
    return urls.filter((url) => !this.options.remoteFiles.answered(url));
  }

  /**
   * The versions of everything a page is made of, as one string: it changes whenever any page may
   * have to be drawn again (the config, the shell's build, the remotes' files, the play figures).
   */
  async inputsVersion(): Promise<string> {
    return (await this.inputs(EVERYONE_NOW)).version;
  }

  /**
   * The page for a visitor as `app.whichBuild` chose (drawn from the config that choice was made from);
   * without one, everyone's page.
   */
  async page(
    { url, host, https }: PageAsked,
    steered: Pick<SteeredVisitor, 'selection' | 'base'> | typeof EVERYONE_NOW = EVERYONE_NOW,
  ): Promise<CachedPage> {
    const { remoteFiles, cache } = this.options;
    const { selection } = steered;
    const inputs = await this.inputs(steered);
    const { config, files, stats } = inputs;
    const key = [https ? 'https' : 'http', host.toLowerCase(), url, selection.key, inputs.version].join('\n');
    return cache.page(key, async () => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const drawing = { failed: false };
      const { html, scriptHashes, status } = await renderDocument(
        files,
        remoteFiles,
        {
          url,
          hostname: host.replace(/:\d+$/, ''),
          origin: `${https ? 'https' : 'http'}://${host}`,
          config,
          stats: stats.snapshot,
          ...(selection.banners ? { banners: selection.banners } : {}),
        },
        (error) => {
          drawing.failed = true;
          this.options.log.error({ err: error, url }, 'page could not be pre-rendered; sending the plain shell');
        },
      );
      const headers = pageSecurityHeaders(config, { https, scriptHashes });
      const body = Buffer.from(html);
      const used = process.cpuUsage(cpu);
      // A remote whose files did not answer left its content out: such a page is sent for this request alone (private, no-store), never to a shared cache.
      const whole =
        this.unansweredRemoteFiles(
          this.manifestsAndFragments(Object.values((config.remotes as Record<string, string> | undefined) ?? {})),
        ).length === 0;
      return {
        body,
        etag: etagOf(body),
        headers,
        renderMs: (used.user + used.system) / 1000 || performance.now() - started,
        status,
        cacheable: !drawing.failed,
        whole: whole && !drawing.failed,
      };
    });
  }

  private async inputs({ selection, base }: { selection: Selection; base: VersionedConfig | null }) {
    const { shell, gameStats } = this.options;
    const files = shell.files();
    // A visitor's selection and their page come from one read of the pointers, even if they move in between.
    const everyone = base ?? (await this.config());
    const { version } = everyone;
    const config = selectedConfig(everyone.config, selection);
    const statsUrl = statsUrlOf(this.options.statsUrl ?? config.accountApiUrl);
    // Every page carries whether there are figures (the shell moves to Home without a reload).
    const stats = await gameStats.get(statsUrl);
    return {
      config,
      files,
      stats,
      version: [version, files.version, this.remotesVersion(config), stats.version].join('\n'),
    };
  }

  /** The games the API's link checker found dead (decision 0058), as everyone's pages see them now. */
  async unavailableGames(): Promise<number[]> {
    return (await this.inputs(EVERYONE_NOW)).stats.snapshot?.unavailable ?? [];
  }

  /**
   * The build ids (mf-manifest.json metaData.buildInfo.buildVersion) of the shell and of each
   * remote the config names, then of each running canary's release, as far as this service has
   * read their manifests; null when unknown.
   */
  async buildsInUse(): Promise<Record<string, (string | null)[]>> {
    const { config, pointers } = await this.config();
    const { remoteFiles } = this.options;
    const builds: Record<string, (string | null)[]> = { shell: [buildVersionOf(this.options.shell.files().manifest)] };
    for (const [remote, manifestUrl] of Object.entries((config.remotes as Record<string, string> | undefined) ?? {}))
      builds[remote] = [buildVersionOf(remoteFiles.peek(manifestUrl))];
    // A canary's visitors report its build: a label to keep, or their figures would read `other`.
    for (const [remote, pointer] of Object.entries(pointers.remotes))
      if (pointer.canary) builds[remote] = [...(builds[remote] ?? []), buildVersionOf(remoteFiles.peek(pointer.canary.url))];
    return builds;
  }

  /** The build id of each remote's manifest, by remote, where the manifest names one (fetched if need be). */
  async buildIdsOf(manifests: Readonly<Record<string, string>>): Promise<Record<string, string>> {
    const builds: Record<string, string> = {};
    for (const [remote, manifestUrl] of Object.entries(manifests)) {
      const build = buildVersionOf(await this.options.remoteFiles.get(manifestUrl).catch(() => null));
      if (build !== null) builds[remote] = build;
    }
    return builds;
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

  /**
   * The plain shell nginx sends when no page service answers and it has no copy of the page
   * (render/fallback-page.ts), drawn again only when the shell's build or the config changed;
   * null while the build has no index.html.
   */
  async fallbackPage(): Promise<string | null> {
    const files = this.options.shell.files();
    const { version, config } = await this.config();
    const stamp = `${files.version}|${version}`;
    if (this.fallback?.stamp !== stamp) this.fallback = { stamp, html: fallbackDocument(files, config) };
    return this.fallback.html;
  }
}
