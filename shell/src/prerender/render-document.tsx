// The whole HTML document of a page, rendered by React: head (charset, the CSP as a meta tag when
// asked, title, meta tags, icon, the shell's stylesheet inlined, the fragments' styles, the
// runtime config and JSON-LD as data blocks, preload hints, the shell's entry scripts) and body
// (a preview banner, the root with the page pre-rendered by render-page.tsx). The page service
// calls it for every page and for nginx's fallback page (page: null, the plain shell); nothing
// edits its HTML afterwards, and the CSP's script hashes come from `inlineScripts`.
import { renderToStaticMarkup } from 'react-dom/server';
import type { DocumentProps, RenderedShellDocument } from '@portal/shared-contracts/fragments';
import { INLINE_CONFIG_ID } from '../config/load-config';
import { PAGE_META_ATTRIBUTE } from '../seo/server-meta';
import { PreviewBanners } from './preview-banner';

/** What the shell's standalone index.html carries too (build-config/index.html). */
const VIEWPORT = 'width=device-width,initial-scale=1';
const THEME_COLOR = '#0e0c1b';
const NO_ICON = 'data:,';
const NOSCRIPT = 'This site needs JavaScript to run its games.';

/**
 * Executable inline scripts the document carries: none (the config and JSON-LD are data blocks,
 * the shell's code comes from files). Any added here is hashed into the page's CSP.
 */
const INLINE_SCRIPTS: readonly string[] = [];

/** JSON safe inside <script>: no `</script>`, no comment openers, no JS line separators. */
export function jsonForScript(value: unknown): string {
  const escapes: Readonly<Record<string, string>> = {
    '<': '\\u003c',
    '>': '\\u003e',
    '&': '\\u0026',
    '\u2028': '\\u2028',
    '\u2029': '\\u2029',
  };
  let json = '';
  for (const char of JSON.stringify(value)) json += escapes[char] ?? char;
  return json;
}

/** A JSON-LD document as a data block (never run: no hash needed); text that is not JSON is left out. */
function StructuredData({ text }: { text: string }) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(json) }} />;
}

function Document({
  page,
  assets,
  inlineStyles,
  fragmentStyles,
  config,
  hints,
  policy,
  banners = [],
}: DocumentProps & { policy: string | null }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        {/* Before any script, so the policy covers them all. */}
        {policy !== null && <meta httpEquiv="Content-Security-Policy" content={policy} />}
        <meta name="viewport" content={VIEWPORT} />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href={page?.favicon ?? NO_ICON} />
        <title>{page?.title ?? assets.title}</title>
        {page?.metaTags.map((tag) => (
          <meta
            key={`${tag.attribute} ${tag.key}`}
            {...{ [tag.attribute]: tag.key }}
            content={tag.content}
            {...{ [PAGE_META_ATTRIBUTE]: '' }}
          />
        ))}
        {assets.scripts.map((src) => (
          <script key={src} defer src={src} />
        ))}
        {assets.stylesheets.map((href) => {
          const css = inlineStyles[href];
          // Inlined: the first paint needs no second request (decision 0028).
          return css === undefined ? (
            <link key={href} href={href} rel="stylesheet" />
          ) : (
            <style key={href} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />
          );
        })}
        {fragmentStyles.map(({ id, css }) => (
          <style key={id} data-remote-fragment-style={id} dangerouslySetInnerHTML={{ __html: css }} />
        ))}
        <script type="application/json" id={INLINE_CONFIG_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(config) }} />
        {page?.structuredData?.map((text, index) => (
          <StructuredData key={index} text={text} />
        ))}
        {INLINE_SCRIPTS.map((code) => (
          <script key={code} dangerouslySetInnerHTML={{ __html: code }} />
        ))}
        {hints.map(({ href, as, crossOrigin }) => (
          // Low priority: the first paint needs none of these files (decision 0031).
          <link key={`${as} ${href}`} rel="preload" href={href} as={as} crossOrigin={crossOrigin} fetchPriority="low" />
        ))}
      </head>
      <body>
        {/* Outside React's root: hydration never sees it. */}
        <PreviewBanners banners={banners} />
        <div id="root" {...page?.rootAttributes} dangerouslySetInnerHTML={{ __html: page?.html ?? '' }} />
        <noscript>{NOSCRIPT}</noscript>
      </body>
    </html>
  );
}

export function renderDocument(props: DocumentProps): RenderedShellDocument {
  const inlineScripts = [...INLINE_SCRIPTS];
  const policy = props.policyFor ? props.policyFor(inlineScripts) : null;
  return { html: `<!doctype html>${renderToStaticMarkup(<Document {...props} policy={policy} />)}`, inlineScripts };
}
