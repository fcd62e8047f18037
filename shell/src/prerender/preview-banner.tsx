// A preview override's banner (decision 0047), drawn by the server first in the body of that
// visitor's pages only, outside React's root (hydration never sees it): its own small style and
// no script, so it works without JS and costs nothing to anyone else.
import type { PreviewBanner as PreviewBannerProps } from '@portal/shared-contracts/fragments';

// The theme's warning colour with the page's background colour as text: a contrast above 10:1.
const STYLE =
  '.portal-override{display:flex;flex-wrap:wrap;align-items:center;gap:4px 16px;padding:8px 16px;' +
  'background:var(--color-warning,#fbbf24);color:#0e0c1b;font:14px/1.4 system-ui,sans-serif;border-bottom:2px solid #0e0c1b}' +
  '.portal-override p{margin:0;flex:1 1 320px;min-width:0;overflow-wrap:anywhere}' +
  '.portal-override code{font:13px/1.4 ui-monospace,monospace}' +
  '.portal-override a{color:#0e0c1b;font-weight:700;text-decoration:underline;padding:6px 4px;white-space:nowrap}' +
  '.portal-override a:focus-visible{outline:3px solid #0e0c1b;outline-offset:2px}';

export function PreviewBanners({ banners }: { banners: readonly PreviewBannerProps[] }) {
  if (banners.length === 0) return null;
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      {banners.map(({ remote, url, until, clearHref }, index) => {
        const title = `portal-override-title${index ? `-${index}` : ''}`;
        return (
          <aside key={remote} className="portal-override" aria-labelledby={title}>
            <p>
              <strong id={title}>Preview override active:</strong> {remote} loads <code>{url}</code> until {until}.
            </p>
            <a href={clearHref}>Clear preview</a>
          </aside>
        );
      })}
    </>
  );
}
