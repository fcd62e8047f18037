import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENTRY_ASSETS_FILE, ShellBuild } from './shell-build';

/** A shell build's dist with these stylesheets (URL → text), and a ShellBuild over it that records its warnings. */
function shellWith(stylesheets: Record<string, string>) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'shell-build-test-'));
  writeFileSync(
    path.join(dist, ENTRY_ASSETS_FILE),
    JSON.stringify({ title: 'Games', scripts: ['/main.js'], stylesheets: Object.keys(stylesheets) }),
  );
  for (const [href, css] of Object.entries(stylesheets)) writeFileSync(path.join(dist, href.slice(1)), css);
  const warnings: object[] = [];
  const build = new ShellBuild(dist, path.join(dist, 'no-prerender'), { warn: (details) => warnings.push(details) });
  return { build, warnings };
}

test("the shell's stylesheets are inlined as the build wrote them", () => {
  const css = '.a::before{content:"<\\/p>"}body{margin:0}';
  const { build, warnings } = shellWith({ '/main.css': css });
  expect(build.files().inlineStyles).toEqual({ '/main.css': css });
  expect(warnings).toEqual([]);
});

test("a stylesheet holding '</style' (any case) is linked, not rewritten, and said once per build", () => {
  const { build, warnings } = shellWith({ '/main.css': 'body{margin:0}', '/bad.css': '.a::after{content:"</StYlE><b>"}' });
  expect(build.files().inlineStyles).toEqual({ '/main.css': 'body{margin:0}' });
  expect(build.files().inlineStyles).not.toHaveProperty('/bad.css');
  expect(warnings).toEqual([{ href: '/bad.css' }]);
});
