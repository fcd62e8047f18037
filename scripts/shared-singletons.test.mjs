// The shared singletons as each part's build declares them (decision 0064): the shell provides
// shared-contracts and portal-runtime from its entry chunk (eager), every remote shares them
// non-eager with a fallback of its own, so a remote's standalone page still has them.
// `node --test scripts/`.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import parts from '../build-config/parts.js';

const require = createRequire(import.meta.url);
const { SHARED_SINGLETONS, SHELL_EAGER_SHARED } = require('../build-config/shared.js');

/** The Module Federation `shared` option of the part in `folder`, as its rspack.config.js builds it. */
function sharedOf(folder) {
  const config = require(path.join(parts.ROOT, folder, 'rspack.config.js'))({}, { mode: 'production' });
  const federation = config.plugins.find((plugin) => plugin?.constructor?.name === 'ModuleFederationPlugin');
  return federation._options.shared;
}

test('portal-runtime is a shared singleton, and the shell provides it and shared-contracts eagerly', () => {
  assert.ok('@portal/runtime' in SHARED_SINGLETONS);
  assert.deepEqual([...SHELL_EAGER_SHARED].sort(), ['@portal/runtime', '@portal/shared-contracts']);
  const shell = sharedOf(parts.registry.shell.folder);
  for (const request of Object.keys(SHARED_SINGLETONS)) {
    assert.equal(shell[request].singleton, true, request);
    assert.equal(shell[request].eager, SHELL_EAGER_SHARED.includes(request), request);
  }
});

test('every remote shares them as singletons, never eagerly, with its own fallback', () => {
  for (const remote of parts.registry.remotes) {
    const shared = sharedOf(remote.folder);
    for (const request of SHELL_EAGER_SHARED) {
      assert.equal(shared[request].singleton, true, `${remote.folder} ${request}`);
      assert.equal(shared[request].eager, false, `${remote.folder} ${request}`);
      assert.notEqual(shared[request].import, false, `${remote.folder} ${request} keeps a fallback`);
    }
  }
});
