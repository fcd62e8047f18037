// Files a generator writes from one source of truth (the settings schemas, the Kubernetes
// manifests): written when they differ, or, with --check, named and failed, so CI catches a
// source changed without its generated files.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @param {string} label the command's name in messages (`settings`, `kube:manifests`)
 * @param {string} root the folder the names are relative to
 * @param {Iterable<[string, string]>} files each generated file's name and text
 * @param {{ check: boolean, rerun: string }} options rerun: the command that writes them
 */
export function writeOrCheck(label, root, files, { check, rerun }) {
  const stale = [];
  for (const [file, text] of files) {
    const target = path.join(root, file);
    let current = null;
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // not written yet
    }
    if (current === text) continue;
    if (check) stale.push(file);
    else {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
      console.log(`${label}: wrote ${path.relative(process.cwd(), target) || file}`);
    }
  }
  if (stale.length) {
    console.error(`${label}: ${stale.join(', ')} not current: run \`${rerun}\``);
    process.exit(1);
  }
}
