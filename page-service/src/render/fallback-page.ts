// The plain shell for nginx to send when no page service answers and it has no copy of the page:
// the shell's document renderer with no page (an empty root, the stylesheet linked), the runtime
// config and, since nginx cannot compute it, the page's CSP as a <meta http-equiv>
// (frame-ancestors, which a meta tag cannot carry, stays in nginx's header). The site then starts
// in the browser as it did before pre-rendering. nginx asks for it at /_portal/fallback
// (http/page-routes.ts) and keeps it in its own cache (deploy/nginx.conf).
import type { RuntimeConfig } from '@portal/shared-contracts';
import { contentSecurityPolicy, policyMetaContent, scriptHashes } from '../headers/security-headers';
import type { ShellFiles } from './shell-build';

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
