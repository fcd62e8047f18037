// The runtime config written into the page by the server that serves it, so the shell starts
// without a /config.json round trip (/config.json stays for tools and operators).
// It is a `<script type="application/json">` data block: never executed, so a strict
// Content-Security-Policy (script-src without 'unsafe-inline') needs no hash or nonce for it.

/** JSON safe inside <script>: no `</script>`, no comment openers, no JS line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The element the shell reads first (shell/src/config/load-config.ts, INLINE_CONFIG_ID). */
export function inlineConfigTag(config: unknown): string {
  return `<script type="application/json" id="runtime-config">${jsonForScript(config)}</script>`;
}
