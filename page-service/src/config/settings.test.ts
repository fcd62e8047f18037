import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { urlEnvOf } from './runtime-config';
import { PAGE_SERVICE_SETTINGS } from './settings';

const SRC = path.resolve(__dirname, '..');
const REPOSITORY = path.resolve(SRC, '..', '..');

/** The tracing the service bundles in (service-tracing's source): it reads the OTEL_ settings. */
const TRACING_SRC = path.dirname(require.resolve('@portal/service-tracing'));

/** The service's own source and the tracing it bundles (not tests, not test helpers), by path. */
function sources(): Map<string, string> {
  const found = new Map<string, string>();
  for (const dir of [SRC, TRACING_SRC]) {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`testing${path.sep}`),
    );
    for (const file of files) found.set(path.join(dir, file), readFileSync(path.join(dir, file), 'utf8'));
  }
  return found;
}

/** Every setting the code reads: `settings.NAME` (the values read once) or `env.NAME`. */
function namesInCode(): Set<string> {
  const names = new Set<string>();
  for (const text of sources().values())
    for (const match of text.matchAll(/\b(?:settings|env)\.([A-Z][A-Z0-9_]*)\b/g)) names.add(match[1]!);
  return names;
}

describe('the settings schema (settings.ts) is what the code reads', () => {
  const declared = Object.keys(PAGE_SERVICE_SETTINGS);
  const remotes = (JSON.parse(readFileSync(path.join(REPOSITORY, 'parts.json'), 'utf8')) as { remotes: { container: string }[] })
    .remotes;

  test('every NAME the code reads is declared; none reads a NAME_FILE by hand (the reader does)', () => {
    const undeclared = [...namesInCode()].filter((name) => !declared.includes(name));
    expect(undeclared).toEqual([]);
  });

  test("every declared name is read: by name, or as a remote's <REMOTE>_URL", () => {
    const read = new Set([...namesInCode(), ...remotes.map(({ container }) => urlEnvOf(container))]);
    expect(declared.filter((name) => !read.has(name))).toEqual([]);
  });

  test("every remote of parts.json has its <REMOTE>_URL declared (the config's overrides read only declared settings)", () => {
    expect(remotes.map(({ container }) => urlEnvOf(container)).filter((name) => !declared.includes(name))).toEqual([]);
  });

  test('the environment is read in one place: server.ts hands the settings to the reader', () => {
    const readers = [...sources()]
      .filter(([file]) => file.startsWith(SRC))
      .flatMap(([file, text]) =>
        [...text.matchAll(/process\.env\b.*|\benv(?:\.[A-Z]|\[)/g)].map((match) => `${path.relative(SRC, file)}: ${match[0]}`),
      );
    expect(readers).toEqual(['server.ts: process.env);']);
  });
});
