// The site's pages as a Fastify plugin: decorates the app with the renderer (the shell's build,
// the remotes' files, the runtime config and its pointers, the play figures) and its page cache;
// each closes with the app. nginx's own cache is the only copy of a page beyond (decision 0067).
import path from 'node:path';
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ConfigSource } from '../config/config-source';
import type { ConfigOverrides, ConfigSettings } from '../config/runtime-config';
import type { PointerSource } from '../builds/pointer-poller';
import { PageCache } from '../render/page-cache';
import { ShellBuild } from '../render/shell-build';
import { SiteRenderer } from '../render/site-renderer';
import { GameStatsSource } from '../sources/game-stats';
import { RemoteFiles } from '../sources/remote-files';

declare module 'fastify' {
  interface FastifyInstance {
    renderer: SiteRenderer;
    pageCache: PageCache;
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
  /** The settings that override the config: `<REMOTE>_URL`, ACCOUNT_API_URL, RECAPTCHA_SITE_KEY, TELEMETRY_TEST_SWITCH (default: none). */
  configSettings?: ConfigSettings;
  /** scripts/release.mjs's folder, whose pointers repoint remotes live. */
  releasesDir?: string | undefined;
  /** The release service's pointers (polled), in place of releasesDir's file: see builds/pointer-poller.ts. */
  pointerSource?: PointerSource | undefined;
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
      ...(options.configSettings ? { settings: options.configSettings } : {}),
      releasesDir: options.releasesDir,
    },
    (error) => app.log.error({ err: error }, 'config unreadable: keeping the last good one'),
    options.pointerSource ?? null,
  );
  const renderer = new SiteRenderer({
    shell: new ShellBuild(options.shellDist, options.prerenderDir, app.log),
    configs,
    remoteFiles,
    gameStats,
    statsUrl: options.statsUrl,
    cache,
    log: app.log,
  });
  // The current config's remote files (every remote's, its canary's too) stay fetched and
  // refreshed, whichever pages are asked for: a page is whole, and so cacheable by nginx, only
  // once every remote's files have answered (render/site-renderer.ts), and after a release is
  // pointed a page of one remote must not wait for another remote's page to fetch its files.
  const warming = setInterval(() => {
    renderer.warm().catch((error: unknown) => app.log.warn({ err: error }, 'remote files not warmed'));
  }, 1_000);
  warming.unref();
  app.addHook('onClose', (_instance, closed) => {
    clearInterval(warming);
    remoteFiles.close();
    gameStats.close();
    closed();
  });
  app.decorate('renderer', renderer);
  app.decorate('pageCache', cache);
  done();
}

export const sitePlugin = fastifyPlugin(site, { name: 'site', fastify: '5.x' });
