// The site's pages as a Fastify plugin: decorates the app with the renderer (the shell's build,
// the remotes' files, the runtime config and its pointers, the play figures), its page cache and,
// with PAGE_FILES_DIR, the page files kept for nginx; each closes with the app.
import path from 'node:path';
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ConfigSource } from '../config/config-source';
import type { ConfigOverrides } from '../config/runtime-config';
import type { PointerSource } from '../builds/pointer-poller';
import { PageCache } from '../render/page-cache';
import { PageFiles } from '../render/page-files';
import { ShellBuild } from '../render/shell-build';
import { SiteRenderer } from '../render/site-renderer';
import { GameStatsSource } from '../sources/game-stats';
import { RemoteFiles } from '../sources/remote-files';

declare module 'fastify' {
  interface FastifyInstance {
    renderer: SiteRenderer;
    pageCache: PageCache;
    /** Whole pages kept as files for nginx (PAGE_FILES_DIR), or null. */
    pageFiles: PageFiles | null;
  }
}

export interface SiteOptions {
  /** The shell's build (entry-assets.json, mf-manifest.json, its stylesheet). */
  shellDist: string;
  /** The shell's pre-renderer build (default: shellDist/../dist-prerender). */
  prerenderDir?: string | undefined;
  /** The runtime config file (default: shellDist/config.json). */
  configFile?: string | undefined;
  /** Fields set over the config file (npm start: the ports it chose). */
  overrides?: ConfigOverrides;
  /** Where `<REMOTE>_URL`, ACCOUNT_API_URL and RECAPTCHA_SITE_KEY are read (default: none). */
  env?: NodeJS.ProcessEnv;
  /** scripts/release.mjs's folder, whose pointers repoint remotes live. */
  releasesDir?: string | undefined;
  /** The release service's pointers (polled), in place of releasesDir's file: see builds/pointer-poller.ts. */
  pointerSource?: PointerSource | undefined;
  /** Keep nginx's fallback page here (see render/fallback-page.ts). */
  fallbackDir?: string | undefined;
  /** Also keep whole pages here as files for nginx to serve (render/page-files.ts; absent: not kept). */
  pageFilesDir?: string | undefined;
  /** At most this many page files (default 2,000). */
  pageFilesMax?: number | undefined;
  /** Where to read the API's stats snapshot when the site's accountApiUrl is not reachable from here. */
  statsUrl?: string | undefined;
}

function site(app: FastifyInstance, options: SiteOptions, done: (error?: Error) => void): void {
  const remoteFiles = new RemoteFiles();
  const gameStats = new GameStatsSource();
  const cache = new PageCache();
  const configs = new ConfigSource(
    {
      configFile: options.configFile ?? path.join(options.shellDist, 'config.json'),
      overrides: options.overrides ?? {},
      env: options.env ?? {},
      releasesDir: options.releasesDir,
    },
    (error) => app.log.error({ err: error }, 'config unreadable: keeping the last good one'),
    options.pointerSource ?? null,
  );
  const renderer = new SiteRenderer({
    shell: new ShellBuild(options.shellDist, options.prerenderDir),
    configs,
    remoteFiles,
    gameStats,
    statsUrl: options.statsUrl,
    cache,
    steering: app.steering,
    fallbackDir: options.fallbackDir,
    log: app.log,
  });
  const pageFiles = options.pageFilesDir
    ? new PageFiles({ dir: options.pageFilesDir, maxFiles: options.pageFilesMax, renderer, cache, log: app.log })
    : null;
  app.addHook('onClose', async () => {
    pageFiles?.close();
    remoteFiles.close();
    gameStats.close();
    // A page being written is finished, so no temporary file is left beside the pages.
    await pageFiles?.settled();
  });
  app.decorate('renderer', renderer);
  app.decorate('pageCache', cache);
  app.decorate('pageFiles', pageFiles);
  done();
}

export const sitePlugin = fastifyPlugin(site, { name: 'site', fastify: '5.x', dependencies: ['builds'] });
