// Imported first by the commands a person runs (`npm start`, `npm run dev`): on an older Node
// they stop with one line, before anything is installed or built. The version comes from
// package.json's `engines`, so it is said once.
import { readFileSync } from 'node:fs';

const wanted = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const major = Number(wanted.match(/\d+/)?.[0]);
const running = Number(process.versions.node.split('.')[0]);

if (running < major) {
  console.error(
    `✖ This project needs Node ${major} or newer (package.json engines "${wanted}"); this is Node ${process.versions.node}. See .nvmrc.`,
  );
  process.exit(1);
}
