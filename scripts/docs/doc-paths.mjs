// Every file path a doc names must exist, so a newcomer never follows a link or a path into
// nothing. A decision record whose status says it is superseded may name what was removed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's tracked and untracked-but-not-ignored files, relative to `root`. */
export function repoFiles(root) {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

function subpathExports(root, workspace) {
  const manifest = path.join(root, workspace, 'package.json');
  if (!existsSync(manifest)) return new Set();
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8'));
  return new Set(exports && typeof exports === 'object' ? Object.keys(exports) : []);
}

function isIgnored(root, file) {
  try {
    // Without -q (one path only), so a folder's pattern (`dist/`) is tried with a trailing slash too.
    const out = execFileSync('git', ['check-ignore', '--no-index', file, `${file}/`], { cwd: root, encoding: 'utf8' });
    return out.trim() !== '';
  } catch {
    return false;
  }
}

/** The docs this check reads: every Markdown file of the repository outside node_modules. */
export function docFiles(files) {
  return files.filter((f) => f.endsWith('.md') && !f.includes('node_modules/') && existsSync(f));
}

export function isSuperseded(text) {
  const status = /^[-*\s]*\**Status\**:?(.*)$/im.exec(text);
  return status !== null && /^\s*superseded/i.test(status[1]);
}

const LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const CODE = /`([^`\n]+)`/g;

/**
 * The paths a doc names: Markdown link targets (relative to the doc), and code spans that look like
 * a path into one of the repository's top-level folders (relative to the repository's root).
 */
export function namedPaths(text, topLevel) {
  const named = [];
  for (const [, target] of text.matchAll(LINK)) {
    if (/^(?:[a-z]+:|#|\/\/)/i.test(target)) continue;
    named.push({ kind: 'link', path: decodeURIComponent(target.split('#')[0]) });
  }
  for (const [, span] of text.matchAll(CODE)) {
    const candidate = span
      .trim()
      .replace(/[.,;:]+$/, '')
      .replace(/:\d+(?:-\d+)?$/, '');
    if (!/^[\w@.-]+\/[\w@./-]*$/.test(candidate)) continue;
    if (/[*{}<>…]/.test(candidate) || candidate.includes('..')) continue;
    const first = candidate.split('/')[0];
    if (!topLevel.has(first)) continue;
    named.push({ kind: 'path', path: candidate });
  }
  return named;
}

/** The missing paths of every doc, as `doc: path` lines. */
export function missingPaths(root) {
  const files = repoFiles(root);
  const known = new Set(files);
  const dirs = new Set();
  for (const f of files) {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i += 1) dirs.add(parts.slice(0, i).join('/'));
  }
  const topLevel = new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0]));
  const exists = (p) => {
    const clean = p.replace(/\/+$/, '');
    if (clean === '' || known.has(clean) || dirs.has(clean)) return true;
    // A module named without its extension, as an import names it.
    if (['.ts', '.tsx', '.mjs', '.js'].some((ext) => known.has(clean + ext))) return true;
    // A workspace's subpath export (`@portal/shared-contracts/seo`) is a module name, not a folder.
    const [pkg, ...rest] = clean.split('/');
    if (subpathExports(root, pkg).has(`./${rest.join('/')}`)) return true;
    // Build outputs and local data (`shell/dist`, `account-api/.data`) are git-ignored by design.
    return isIgnored(root, clean);
  };
  const problems = [];
  for (const doc of docFiles(files.map((f) => path.join(root, f))).map((f) => path.relative(root, f))) {
    const text = readFileSync(path.join(root, doc), 'utf8');
    if (doc.startsWith('docs/decisions/') && isSuperseded(text)) continue;
    for (const { kind, path: named } of namedPaths(text, topLevel)) {
      const resolved = kind === 'link' ? path.normalize(path.join(path.dirname(doc), named)) : named;
      if (!exists(resolved)) problems.push(`${doc}: ${named}`);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  process.chdir(root);
  const problems = missingPaths(root);
  if (problems.length > 0) {
    console.error(`Docs name ${problems.length} path(s) that do not exist:\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('Every path the docs name exists.');
}
