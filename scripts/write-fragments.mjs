// `node ../scripts/write-fragments.mjs` in a remote's folder, after its browser build: renders
// the remote's pages with its Node build (dist-fragments/render-fragments.cjs) and writes
// dist/fragments.json beside dist/mf-manifest.json (decision 0032). Each expose's stylesheet
// goes in as text, read from the files the manifest names, so the site's server can inline it
// with the HTML it belongs to.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const dir = process.cwd();
const dist = path.join(dir, 'dist');
const require = createRequire(import.meta.url);
const { renderFragments } = require(path.join(dir, 'dist-fragments', 'render-fragments.cjs'));
const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));

const { pages, props, linkedGames } = await renderFragments();
const styles = {};
for (const expose of Object.keys(pages)) {
  const files = manifest.exposes.find((entry) => entry.name === expose)?.assets?.css?.sync ?? [];
  // The production build names no source map (build-config: 'hidden-source-map'): text as built.
  styles[expose] = files.map((file) => fs.readFileSync(path.join(dist, file), 'utf8')).join('\n');
  // The site's server puts it in a <style> element, and refuses (placeholder) a text that would end it.
  if (styles[expose].toLowerCase().includes('</style'))
    throw new Error(`${expose}'s stylesheet holds '</style': the site would draw its pages with their placeholder`);
}
/** @type {import('@portal/shared-contracts/fragments').FragmentFile} */
const file = { schema: 1, pages, styles, props, linkedGames };
const text = JSON.stringify(file);
fs.writeFileSync(path.join(dist, 'fragments.json'), text);
const count = Object.values(pages).reduce((sum, byPath) => sum + Object.keys(byPath).length, 0);
console.log(`fragments.json: ${count} pages of ${Object.keys(pages).join(', ')}, ${(text.length / 1024).toFixed(1)} KB`);
