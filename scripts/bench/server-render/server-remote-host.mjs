// The page service's side of the spike (decision 0069): the catalogue's server remote loaded at
// run time over HTTP with Module Federation's runtime (in Node it fetches remoteEntry.js and runs
// it in a vm; the remote's own build carries @module-federation/node's runtime plugin, which
// fetches its chunks the same way), the host providing React and the router, as the shell
// provides them in the browser.
import { createRequire } from 'node:module';
import { createInstance } from '@module-federation/runtime';

const require = createRequire(import.meta.url);

/**
 * What the host shares: the npm packages among the remote's singletons (React, the router). The
 * portal's own workspaces (shared-contracts, portal-runtime) are TypeScript sources the page
 * service does not load as such, so the remote uses the fallback copy its build bundles.
 */
function sharedFromHost(packages) {
  return Object.fromEntries(
    Object.entries(packages)
      .filter(([, pkg]) => require(`${pkg}/package.json`).private !== true)
      .map(([request, pkg]) => {
        const { version } = require(`${pkg}/package.json`);
        const lib = require(request);
        return [request, { version, lib: () => lib, shareConfig: { singleton: true, requiredVersion: `^${version}` } }];
      }),
  );
}

/**
 * @param {string} remoteEntryUrl the server remote's remoteEntry.js, on its own origin
 * @param {string} container the remote's container name (mf_catalog)
 * @param {Record<string, string>} singletons request → package (build-config's SHARED_SINGLETONS)
 */
export function serverRemoteHost(remoteEntryUrl, container, singletons) {
  const federation = createInstance({
    name: 'page_service',
    remotes: [{ name: container, entry: remoteEntryUrl }],
    shared: sharedFromHost(singletons),
  });
  return {
    /** The exposed module's default export (a page component). */
    async loadPage(expose) {
      const module = await federation.loadRemote(`${container}/${expose}`);
      if (!module?.default) throw new Error(`${container}/${expose} has no default export`);
      return module.default;
    },
  };
}
