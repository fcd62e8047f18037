// The "which build does this request see" step as a Fastify plugin: `app.steering` (the
// selectors, which the renderer also draws new visitors' pages with) and
// `app.whichBuild(request)`, which the page routes and /config.json ask once per request
// (which-build.ts).
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { VersionedConfig } from '../config/config-source';
import { servedOverHttps } from '../headers/security-headers';
import { steeringFrom, type ReleaseSteering, type WhichBuild } from './which-build';

/** The step's answer, with the config and pointers it was drawn from (the page is drawn from those). */
export type RequestBuild = WhichBuild & { base: VersionedConfig };

declare module 'fastify' {
  interface FastifyInstance {
    steering: ReleaseSteering;
    /** Which build this request sees; `isPage`: a page (only a page answers the preview link). */
    whichBuild(request: FastifyRequest, isPage: false): Promise<Extract<RequestBuild, { link: false }>>;
    whichBuild(request: FastifyRequest, isPage: boolean): Promise<RequestBuild>;
  }
}

export interface BuildsOptions {
  /** RELEASE_OVERRIDE_SECRET (or _FILE): preview overrides; unset, they are off. */
  env: NodeJS.ProcessEnv;
}

function builds(app: FastifyInstance, { env }: BuildsOptions, done: (error?: Error) => void): void {
  let steering: ReleaseSteering;
  try {
    steering = steeringFrom(env);
  } catch (error) {
    // Read at start: a malformed secret stops the service, saying why.
    done(error as Error);
    return;
  }
  app.decorate('steering', steering);
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
