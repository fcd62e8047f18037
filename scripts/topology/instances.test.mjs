import assert from 'node:assert/strict';
import test from 'node:test';
import { chooseRuntime, containerEnv } from './instances.mjs';

test("a container sees its service's settings (and their *_FILE forms), never the host's environment", () => {
  const env = { PORT: '9001', JWT_SECRET_FILE: '/run/secrets/jwt', PATH: '/usr/bin', HOME: '/root', npm_lifecycle_event: 'x' };
  assert.deepEqual(containerEnv(['PORT', 'JWT_SECRET', 'LOG_LEVEL'], env), {
    NODE_ENV: '',
    PORT: '9001',
    JWT_SECRET_FILE: '/run/secrets/jwt',
  });
  // Node's own trust list passes too: the services read the topology's https origins.
  assert.equal(containerEnv(['PORT'], { NODE_EXTRA_CA_CERTS: '/tmp/t/ca.pem' }).NODE_EXTRA_CA_CERTS, '/tmp/t/ca.pem');
});

test("the mode is the topology's: NODE_ENV as it sets it, unset stays unset (not the image's production)", () => {
  assert.equal(containerEnv(['NODE_ENV'], {}).NODE_ENV, '');
  assert.equal(containerEnv(['NODE_ENV'], { NODE_ENV: 'production' }).NODE_ENV, 'production');
});

test('TOPOLOGY_RUNTIME chooses; a wrong value or missing images asked for by name fail with how to fix it', async () => {
  assert.deepEqual(await chooseRuntime({ TOPOLOGY_RUNTIME: 'processes' }), { kind: 'processes' });
  await assert.rejects(chooseRuntime({ TOPOLOGY_RUNTIME: 'docker' }), /TOPOLOGY_RUNTIME is "docker": use images or processes/);
  await assert.rejects(
    chooseRuntime({ TOPOLOGY_RUNTIME: 'images', TOPOLOGY_IMAGE_TAG: 'no-such-tag' }),
    /TOPOLOGY_RUNTIME=images, but (no images for no-such-tag|podman is not installed) \(build them: npm run images\)/,
  );
});

test('unset, a checkout without its images runs processes and says why and how to build them', async () => {
  const runtime = await chooseRuntime({ TOPOLOGY_IMAGE_TAG: 'no-such-tag' });
  assert.equal(runtime.kind, 'processes');
  assert.match(
    runtime.notice,
    /processes, not images \((no images for no-such-tag|podman is not installed); build them: npm run images\)/,
  );
});
