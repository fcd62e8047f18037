// `npm run verify -w mf-catalog`: one remote's whole pipeline alone, as its team's CI runs it
// before a deploy: scoped install, typecheck (including its exposes against shared-contracts),
// jest, production build, then the built manifest against the contract and the shell.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import parts from '../build-config/parts.js';
import { writeExposesCheck } from './contracts/exposes-check.mjs';

const folder = path.resolve(process.argv[2] ?? process.cwd());
const remote = parts.remoteByDir(folder);
const name = path.basename(folder);

function step(title, command, args, cwd = folder) {
  console.log(`\n== ${name}: ${title}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${name}: ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(path.join(parts.ROOT, 'node_modules', '.package-lock.json'))) {
  // Only this remote's dependencies and the root's tools (tsc, jest), from the lockfile.
  step(
    'install (this workspace only)',
    'npm',
    ['ci', '--workspace', name, '--include-workspace-root', '--no-audit', '--no-fund'],
    parts.ROOT,
  );
}
console.log(`\n== ${name}: exposes wired as the contract names them`);
const wiring = writeExposesCheck(folder, remote);
for (const error of wiring) console.error(`✖ ${error}`);
if (wiring.length) process.exit(1);
step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
step('jest', 'npx', ['jest']);
// The build script ends with the manifest check (scripts/contracts/manifest-check.mjs).
step('build and manifest check', 'npm', ['run', 'build']);
console.log(`\n✔ ${name} is ready to deploy: upload ${name}/dist (see the README's deploy steps)`);
