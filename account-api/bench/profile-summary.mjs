// Reads a V8 CPU profile (from `node --cpu-prof`, e.g. BENCH_CPU_PROF=<dir> npm run bench) and
// prints where the self time went: by package (or "node:" internals / our bundle) and by function.
// Usage: node bench/profile-summary.mjs <file.cpuprofile> [top=25]
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

// Sample counts per node, weighted by the time each sample stood for.
const selfTime = new Map();
for (let i = 0; i < profile.samples.length; i += 1) {
  const delta = profile.timeDeltas[i + 1] ?? 0;
  selfTime.set(profile.samples[i], (selfTime.get(profile.samples[i]) ?? 0) + delta);
}

function owner(url) {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node: internals';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (url.includes('dist/server.js')) return 'account-api (our bundle: incl. jose, shared-contracts)';
  return url;
}

const byOwner = new Map();
const byFunction = new Map();
let total = 0;
for (const node of profile.nodes) {
  const time = selfTime.get(node.id) ?? 0;
  if (time === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)' || functionName === '(program)') continue;
  total += time;
  const who = functionName === '(garbage collector)' ? '(garbage collector)' : owner(url);
  byOwner.set(who, (byOwner.get(who) ?? 0) + time);
  const key = `${functionName || '(anonymous)'}  ${url ? `${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + time);
}

const show = (title, map, limit) => {
  console.log(`\n${title} (share of busy CPU time, ${(total / 1e6).toFixed(1)} s busy)`);
  for (const [key, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit))
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)} %  ${key}`);
};
show('by package', byOwner, 20);
show('by function (self time)', byFunction, top);
