// The four ways a remote drifted from its contract without anything failing before players
// saw it; each must now fail the remote's own pipeline, naming the mismatch.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import parts from '../../build-config/parts.js';
import { wiringErrors, writeExposesCheck } from './exposes-check.mjs';
import { checkBuiltRemote, manifestMismatches, shellSharedVersions } from './manifest-check.mjs';

const catalog = parts.registry.remotes.find((remote) => remote.container === 'mf_catalog');

/** A manifest as the build emits it for a registry entry. */
function builtManifest(remote, shellShared) {
  return {
    metaData: { name: remote.container },
    exposes: Object.keys(remote.exposes).map((key) => ({ name: key.slice(2), path: key })),
    shared: Object.entries(shellShared).map(([name, version]) => ({
      name,
      version,
      singleton: true,
      requiredVersion: `^${version}`,
    })),
  };
}

describe('a copy of the catalogue remote, type-checked by its own pipeline', { timeout: 240_000 }, () => {
  // A sibling of the real folder, so its tsconfig and package scripts resolve as the real one's.
  let copy;
  before(() => {
    copy = mkdtempSync(path.join(parts.ROOT, 'drift-mf-catalog-'));
    for (const entry of ['src', 'package.json', 'tsconfig.json', 'jest.config.js']) {
      cpSync(path.join(parts.ROOT, catalog.folder, entry), path.join(copy, entry), { recursive: true });
    }
  });
  after(() => rmSync(copy, { recursive: true, force: true }));

  test("renaming a page's prop fails the remote's `npm test` before jest runs, naming the module", () => {
    writeFileSync(
      path.join(copy, 'src/exposes/home-page.tsx'),
      [
        "import type { Brand } from '@portal/shared-contracts';",
        "import { HomePage } from '../home/home-page';",
        'export default function RenamedHomePage({ theme }: { theme: Brand }) {',
        '  return <HomePage brand={theme} />;',
        '}',
        '',
      ].join('\n'),
    );
    const result = spawnSync('npm', ['test', '--silent'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, npm_package_name: '' },
    });
    const output = result.stdout + result.stderr;
    assert.notEqual(result.status, 0, output);
    assert.match(output, /mf_catalog\/HomePage/);
    assert.match(output, /theme/);
    assert.doesNotMatch(output, /Test Suites:/, 'jest must not run when the type check fails');
    cpSync(path.join(parts.ROOT, catalog.folder, 'src/exposes/home-page.tsx'), path.join(copy, 'src/exposes/home-page.tsx'));
  });

  test("wiring './HomePage' to the Search page fails, naming the expose", () => {
    const miswired = { ...catalog, exposes: { ...catalog.exposes, './HomePage': './src/exposes/search-page.tsx' } };
    assert.deepEqual(wiringErrors(miswired), [
      'mf_catalog: expose ./HomePage points at ./src/exposes/search-page.tsx; it must point at ./src/exposes/home-page.tsx (the module named after it)',
    ]);
    writeExposesCheck(copy, miswired);
    const result = spawnSync('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { cwd: copy, encoding: 'utf8' });
    assert.notEqual(result.status, 0);
    assert.match(result.stdout, /mf_catalog\/HomePage/);
  });

  test('an expose the contract declares but the registry lost fails the type check', () => {
    const exposes = Object.fromEntries(Object.entries(catalog.exposes).filter(([key]) => key !== './SearchPage'));
    writeExposesCheck(copy, { ...catalog, exposes });
    const result = spawnSync('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { cwd: copy, encoding: 'utf8' });
    assert.notEqual(result.status, 0);
    assert.match(result.stdout, /missing: "\.\/SearchPage"/);
  });
});

describe('the built manifest against the contract and the shell', () => {
  const shellShared = shellSharedVersions();

  test('a build that matches passes', () => {
    assert.deepEqual(manifestMismatches(catalog, builtManifest(catalog, shellShared), shellShared), []);
  });

  test('a removed expose fails after the build, naming it', () => {
    const manifest = builtManifest(catalog, shellShared);
    manifest.exposes = manifest.exposes.filter((expose) => expose.path !== './SearchPage');
    assert.deepEqual(manifestMismatches(catalog, manifest, shellShared), [
      'mf_catalog: expose ./SearchPage is declared but missing from the built mf-manifest.json',
    ]);
  });

  test('a build without remoteEntry.js fails', () => {
    const folder = mkdtempSync(path.join(parts.ROOT, 'drift-empty-'));
    try {
      mkdirSync(path.join(folder, 'dist'));
      writeFileSync(path.join(folder, 'dist/mf-manifest.json'), JSON.stringify(builtManifest(catalog, shellShared)));
      assert.deepEqual(checkBuiltRemote(folder, { remote: catalog, shellShared }), [
        'mf_catalog: the build emitted no remoteEntry.js',
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('a shared version the shell does not satisfy fails, naming the package and both versions', () => {
    const manifest = builtManifest(catalog, { ...shellShared, react: '99.0.0' });
    assert.deepEqual(manifestMismatches(catalog, manifest, shellShared), [
      `mf_catalog: shared react requires ^99.0.0 but the shell provides ${shellShared.react}`,
    ]);
  });
});
