// The plain shell for nginx to send when no page service answers and it has no copy of the page:
// index.html with the runtime config and, since nginx cannot compute it, the page's CSP as a
// <meta http-equiv> (frame-ancestors, which a meta tag cannot carry, stays in nginx's header).
// The site then starts in the browser as it did before pre-rendering. nginx asks for it at
// /_portal/fallback (http/page-routes.ts) and keeps it in its own cache (deploy/nginx.conf).
import type { RuntimeConfig } from 'shared-contracts';
import { contentSecurityPolicy, inlineScriptHashes, withPolicyMeta } from '../headers/security-headers';
import { inlineConfigTag } from './inline-config';
import type { ShellFiles } from './shell-build';

export function fallbackDocument(shell: ShellFiles, config: RuntimeConfig): string | null {
  if (shell.index === null) return null;
  const policy = contentSecurityPolicy(config, { scriptHashes: inlineScriptHashes(shell.index) });
  return withPolicyMeta(shell.index, policy).replace('</head>', () => `${inlineConfigTag(config)}</head>`);
}
