// Each game's date added (shared-contracts/src/catalogue/games-added.json): the day, in UTC, of
// the first commit in which the catalogue file (shared-contracts/src/catalogue/games.json, under
// any earlier name git can follow) held the game's id. A game not committed yet gets today.
//   node scripts/catalogue/games-added.mjs           writes the file
//   node scripts/catalogue/games-added.mjs --check   exits 1 when the file disagrees with git
// Dates already in the file are kept: a game's date is when it first came, even if the history
// later moves (a squashed or shallow clone). Needs the history: not for a shallow clone.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CATALOGUE = 'shared-contracts/src/catalogue/games.json';
const ADDED = path.join(root, 'shared-contracts/src/catalogue/games-added.json');

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** id → 'YYYY-MM-DD' of the oldest commit whose catalogue file holds it. */
export function datesFromHistory() {
  // Oldest first, with the path the file had in each commit (--name-only under --follow).
  const log = git('log', '--follow', '--reverse', '--format=%H %cI', '--name-only', '--', CATALOGUE).trim();
  const first = new Map();
  const lines = log.split('\n').filter(Boolean);
  for (let i = 0; i < lines.length; i += 2) {
    const [commit, when] = lines[i].split(' ');
    const file = lines[i + 1];
    let games;
    try {
      games = JSON.parse(git('show', `${commit}:${file}`));
    } catch {
      continue; // a commit where the file was not valid JSON
    }
    for (const game of games) if (!first.has(String(game.id))) first.set(String(game.id), when.slice(0, 10));
  }
  return first;
}

export function gamesAdded({ today = new Date().toISOString().slice(0, 10), kept = {} } = {}) {
  const history = datesFromHistory();
  const games = JSON.parse(readFileSync(path.join(root, CATALOGUE), 'utf8'));
  return Object.fromEntries(games.map((game) => [String(game.id), kept[game.id] ?? history.get(String(game.id)) ?? today]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kept = (() => {
    try {
      return JSON.parse(readFileSync(ADDED, 'utf8'));
    } catch {
      return {};
    }
  })();
  if (process.argv.includes('--check')) {
    const fromGit = gamesAdded();
    const wrong = Object.entries(fromGit).filter(([id, date]) => kept[id] !== date);
    if (wrong.length) {
      console.error(
        `games-added.json disagrees with git for ${wrong.map(([id, date]) => `${id} (${kept[id]} vs ${date})`).join(', ')}`,
      );
      process.exit(1);
    }
    console.log(`games-added.json: ${Object.keys(fromGit).length} games, every date as git has it`);
  } else {
    const added = gamesAdded({ kept });
    writeFileSync(ADDED, `${JSON.stringify(added, null, 2)}\n`);
    console.log(`wrote ${path.relative(root, ADDED)}: ${Object.keys(added).length} games`);
  }
}
