import assert from 'node:assert/strict';
import test from 'node:test';
import { baseObjects, exampleObjects } from './manifests.mjs';

const DRAIN_SECONDS = 10;
const named = (objects, kind) => objects.filter((object) => object.kind === kind);
const podSpecs = (objects) =>
  [...named(objects, 'Deployment'), ...named(objects, 'Job')].map((object) => [object.metadata.name, object.spec.template.spec]);

for (const [label, objects] of [
  ['base', baseObjects()],
  ['example', exampleObjects()],
]) {
  test(`${label}: every portal Deployment is probed, drains before it is killed, and runs hardened`, () => {
    for (const name of ['account-api', 'page-service', 'edge']) {
      const deployment = named(objects, 'Deployment').find((object) => object.metadata.name === name);
      assert.ok(deployment, name);
      const { spec } = deployment;
      assert.deepEqual(spec.strategy.rollingUpdate, { maxUnavailable: 0, maxSurge: 1 }, name);
      const pod = spec.template.spec;
      assert.equal(pod.securityContext.runAsNonRoot, true, name);
      for (const container of pod.containers) {
        const preStopSeconds = Number(container.lifecycle.preStop.exec.command[1]);
        assert.ok(pod.terminationGracePeriodSeconds > preStopSeconds + DRAIN_SECONDS, `${name}: grace after preStop and drain`);
        assert.ok(container.readinessProbe.httpGet.path, name);
        assert.ok(container.livenessProbe.httpGet.path, name);
        assert.equal(container.securityContext.readOnlyRootFilesystem, true, name);
        assert.ok(container.resources.requests.cpu && container.resources.limits.memory, name);
      }
    }
    const probes = (name) => named(objects, 'Deployment').find((o) => o.metadata.name === name).spec.template.spec.containers[0];
    assert.equal(probes('account-api').readinessProbe.httpGet.path, '/readyz');
    assert.equal(probes('page-service').readinessProbe.httpGet.path, '/readyz');
    assert.equal(probes('page-service').livenessProbe.httpGet.path, '/livez');
  });

  test(`${label}: the page services and the API have a Service, a disruption budget and an autoscaler`, () => {
    for (const name of ['account-api', 'page-service']) {
      for (const kind of ['Service', 'PodDisruptionBudget', 'HorizontalPodAutoscaler'])
        assert.ok(
          named(objects, kind).some((object) => object.metadata.name === name),
          `${kind} ${name}`,
        );
    }
    assert.ok(named(objects, 'Job').some((job) => job.spec.template.spec.containers[0].command.join(' ').endsWith('migrate')));
  });

  test(`${label}: every ConfigMap and claim a pod names exists; secrets come as *_FILE`, () => {
    const configMaps = new Set(named(objects, 'ConfigMap').map((object) => object.metadata.name));
    const claims = new Set(named(objects, 'PersistentVolumeClaim').map((object) => object.metadata.name));
    for (const [name, spec] of podSpecs(objects)) {
      for (const volume of spec.volumes ?? []) {
        if (volume.configMap) assert.ok(configMaps.has(volume.configMap.name), `${name}: ConfigMap ${volume.configMap.name}`);
        if (volume.persistentVolumeClaim) assert.ok(claims.has(volume.persistentVolumeClaim.claimName), `${name}: claim`);
      }
      for (const container of spec.containers)
        for (const from of container.envFrom ?? []) assert.ok(configMaps.has(from.configMapRef.name), `${name}: envFrom`);
    }
    const api = named(objects, 'Deployment').find((object) => object.metadata.name === 'account-api').spec.template.spec;
    const files = api.containers[0].env.map((variable) => variable.name);
    const s3Keys = label === 'base' ? ['S3_ACCESS_KEY_ID_FILE', 'S3_SECRET_ACCESS_KEY_FILE'] : [];
    assert.deepEqual(files.sort(), ['DATABASE_URL_FILE', 'JWT_SECRET_FILE', 'REDIS_URL_FILE', ...s3Keys, 'SMTP_URL_FILE']);
    const env = named(objects, 'ConfigMap').find((object) => object.metadata.name === 'account-api-env').data;
    // Several replicas share no folder: pictures in a bucket; the one-replica example keeps the default.
    assert.equal(env.UPLOADS_STORAGE, label === 'base' ? 's3' : 'fs');
    if (label === 'base') {
      assert.ok(env.S3_BUCKET && env.S3_ENDPOINT);
      assert.ok(!claims.has('portal-api-data'));
      assert.ok(api.volumes.find((volume) => volume.name === 'data').emptyDir);
    }
    assert.equal(env.NODE_ENV, 'production');
    assert.equal(env.DEV_OUTBOX, undefined);
    assert.notEqual(env.CORS_ORIGINS, '*');
  });
}

test('base: the release service runs from the API image, ready on /healthz, its builds in a bucket and no claim', () => {
  const objects = baseObjects();
  const deployment = named(objects, 'Deployment').find((object) => object.metadata.name === 'release-service');
  assert.ok(deployment);
  const pod = deployment.spec.template.spec;
  const [container] = pod.containers;
  assert.match(container.image, /^localhost\/portal-account-api:/);
  assert.deepEqual(container.command.slice(-1), ['scripts/releases/release-service.mjs']);
  assert.deepEqual(container.readinessProbe.httpGet, { path: '/healthz', port: 'https', scheme: 'HTTPS' });
  assert.equal(container.securityContext.readOnlyRootFilesystem, true);
  assert.deepEqual(
    pod.volumes.filter((volume) => volume.persistentVolumeClaim),
    [],
  );
  const env = named(objects, 'ConfigMap').find((object) => object.metadata.name === 'release-service-env').data;
  assert.equal(env.RELEASE_FILES_STORAGE, 's3');
  assert.equal(env.RELEASE_PUBLIC_URL.startsWith('https://'), true);
  // Secrets never in the ConfigMap: files from the Secret.
  for (const secret of ['RELEASE_DATABASE_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'RELEASE_OVERRIDE_SECRET']) {
    assert.equal(env[secret], undefined, secret);
    assert.ok(
      container.env.some((entry) => entry.name === `${secret}_FILE`),
      secret,
    );
  }
  for (const kind of ['Service', 'PodDisruptionBudget'])
    assert.ok(
      named(objects, kind).some((object) => object.metadata.name === 'release-service'),
      kind,
    );
});
