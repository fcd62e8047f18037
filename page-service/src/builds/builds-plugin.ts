// The "which build does this request see" step as a Fastify plugin: `app.whichBuild(request)`,
// which the page routes, /config.json and the telemetry collector ask once per request
// (which-build.ts): no other code decides which build a request sees.
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { VersionedConfig } from '../config/config-source';
import { servedOverHttps } from '../headers/security-headers';
import { ReleaseSteering, type WhichBuild } from './which-build';

/** The step's answer, with the config and pointers it was drawn from (the page is drawn from those). */
export type RequestBuild = WhichBuild & { base: VersionedConfig };

declare module 'fastify' {
  interface FastifyInstance {
    /** Which build this request sees; `isPage`: a page (only a page answers the preview link). */
    whichBuild(request: FastifyRequest, isPage: false): Promise<Extract<RequestBuild, { link: false }>>;
    whichBuild(request: FastifyRequest, isPage: boolean): Promise<RequestBuild>;
  }
}

export interface BuildsOptions {
  /** RELEASE_OVERRIDE_SECRET (or _FILE, read and checked by the settings' reader): preview overrides; null, they are off. */
  overrideSecret: string | null;
}

function builds(app: FastifyInstance, { overrideSecret }: BuildsOptions, done: (error?: Error) => void): void {
  const steering = new ReleaseSteering({ overrideSecret });
  // (Not a page, no link: the narrower overload holds.)
  app.decorate('whichBuild', async (request: FastifyRequest, isPage: boolean): Promise<RequestBuild> => {
    // The config read once: the choice and the page drawn from it come from the same pointers.
    const base = await app.renderer.config();
    const https = servedOverHttps(request);
    const which = steering.whichBuild({ url: request.url, headers: request.headers, https, isPage }, base.pointers, base.config);
    return { ...which, base };
  });
  done();
}

export const buildsPlugin = fastifyPlugin(builds, { name: 'builds', fastify: '5.x' });
