// Writes sitemap.xml and robots.txt into the shell's build output, from the bundled catalogue
// (decision 0026). The XML/text comes from shared-contracts' pure functions, bundled here with
// esbuild because they are TypeScript. Usage: node scripts/seo-files.mjs [outDir]
// SITE_URL (default http://localhost:8080) is the public root the sitemap's URLs start with.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(process.argv[2] ?? path.join(here, '..', 'dist'));
const siteUrl = process.env.SITE_URL ?? 'http://localhost:8080';
if (!/^https?:\/\/[^/]+/i.test(siteUrl)) {
  console.error(`seo-files: SITE_URL must be an http(s) URL, got ${JSON.stringify(siteUrl)}`);
  process.exit(1);
}

const contracts = path.join(here, '..', '..', 'shared-contracts', 'src');
const entry = [
  `export { GAMES } from ${JSON.stringify(path.join(contracts, 'index.ts'))};`,
  `export { sitemapXml, robotsTxt } from ${JSON.stringify(path.join(contracts, 'seo', 'index.ts'))};`,
  // The catalogue's data is checked here, at the build, not in every player's browser.
  `export { parseCatalogue } from ${JSON.stringify(path.join(contracts, 'catalogue', 'catalogue-check.ts'))};`,
  `export { default as rawGames } from ${JSON.stringify(path.join(contracts, 'catalogue', 'games.json'))};`,
  `export { default as gamesAdded } from ${JSON.stringify(path.join(contracts, 'catalogue', 'games-added.json'))};`,
].join('\n');
const bundled = await build({
  stdin: { contents: entry, resolveDir: here, loader: 'ts' },
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  logLevel: 'error',
});
const code = bundled.outputFiles[0].text;
const { GAMES, sitemapXml, robotsTxt, parseCatalogue, rawGames, gamesAdded } = await import(
  `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
);
try {
  parseCatalogue(rawGames, gamesAdded);
} catch (error) {
  console.error(`seo-files: the catalogue is broken: ${error.message}`);
  process.exit(1);
}

mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'sitemap.xml'), sitemapXml(siteUrl, GAMES));
writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(siteUrl));
console.log(
  `seo-files: sitemap.xml (${GAMES.length} games) and robots.txt for ${siteUrl} in ${path.relative(process.cwd(), outDir) || '.'}`,
);
