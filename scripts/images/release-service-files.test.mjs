import assert from 'node:assert/strict';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { releaseServiceFiles } from './release-service-files.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('the image carries the release service and everything it imports, and no test', () => {
  const files = releaseServiceFiles(ROOT);
  for (const file of [
    'scripts/releases/release-service.mjs',
    'scripts/release.mjs',
    'scripts/releases/pointer-store.mjs',
    'scripts/releases/canary-watch.mjs',
    'scripts/telemetry.mjs',
    'build-config/parts.js',
    'parts.json',
    'page-service/src/builds/override-token.ts',
    'account-api/src/releases/release-service-settings.ts',
    // Workspaces' files, imported by package name: the image links the workspace, not its sources.
    'service-settings/src/read-settings.ts',
    'service-tracing/src/settings.ts',
    // Each folder's module type for Node.
    'account-api/src/releases/package.json',
    'service-settings/src/package.json',
  ])
    assert.ok(files.includes(file), file);
  assert.deepEqual(
    files.filter((file) => /\.test\.|node_modules/.test(file)),
    [],
  );
  // Type-only imports are erased at run time: nothing is carried for them.
  assert.ok(!files.includes('service-settings/src/service-setting.ts'));
});
