// The plain shell for nginx to send when no page service answers and it has no copy of the page:
// the shell's document renderer with no page (an empty root, the stylesheet linked), the runtime
// config and, since nginx cannot compute it, the page's CSP as a <meta http-equiv>
// (frame-ancestors, which a meta tag cannot carry, stays in nginx's header). The site then starts
// in the browser as it did before pre-rendering. Written atomically whenever the config or the
// shell's build changes.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from 'shared-contracts';
import { contentSecurityPolicy, policyMetaContent, scriptHashes } from '../headers/security-headers';
import type { ShellFiles } from './shell-build';

export const FALLBACK_FILE = 'index.html';

export function fallbackDocument(shell: ShellFiles, config: RuntimeConfig): string | null {
  if (shell.assets === null || shell.renderer === null) return null;
  return shell.renderer.renderDocument({
    page: null,
    assets: shell.assets,
    // A file of its own beside the page: nginx serves the stylesheet too.
    inlineStyles: {},
    fragmentStyles: [],
    config,
    hints: [],
    policyFor: (scripts) => policyMetaContent(contentSecurityPolicy(config, { scriptHashes: scriptHashes(scripts) })),
  }).html;
}

/** Writes the fallback page into `dir` (write, then rename: nginx never reads half a file). */
export function writeFallback(dir: string, html: string): void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, FALLBACK_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, html);
  renameSync(temporary, file);
}
