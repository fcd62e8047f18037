import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { urlEnvOf } from './runtime-config';
import { PAGE_SERVICE_SETTINGS } from './settings';

const SRC = path.resolve(__dirname, '..');
const REPOSITORY = path.resolve(SRC, '..', '..');

/** The tracing the service bundles in (service-tracing's source): it reads the OTEL_ settings. */
const TRACING_SRC = path.dirname(require.resolve('@portal/service-tracing'));

/** Every `env.NAME` the service's code (its own and the tracing it bundles; not tests) reads. */
function namesInCode(): Set<string> {
  const names = new Set<string>();
  for (const dir of [SRC, TRACING_SRC]) {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`testing${path.sep}`),
    );
    for (const file of files)
      for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g))
        names.add(match[1]!);
  }
  return names;
}

describe('the settings schema (settings.ts) is what the code reads', () => {
  const declared = Object.keys(PAGE_SERVICE_SETTINGS);
  const secretFiles = Object.entries(PAGE_SERVICE_SETTINGS)
    .filter(([, setting]) => 'secret' in setting)
    .map(([name]) => `${name}_FILE`);
  const remotes = (JSON.parse(readFileSync(path.join(REPOSITORY, 'parts.json'), 'utf8')) as { remotes: { container: string }[] })
    .remotes;

  test('every env.NAME in the code is declared', () => {
    const undeclared = [...namesInCode()].filter((name) => !declared.includes(name) && !secretFiles.includes(name));
    expect(undeclared).toEqual([]);
  });

  test("every declared name is read: by name, or as a remote's <REMOTE>_URL", () => {
    const read = new Set([...namesInCode(), ...remotes.map(({ container }) => urlEnvOf(container))]);
    expect(declared.filter((name) => !read.has(name))).toEqual([]);
    for (const file of secretFiles) expect(read.has(file)).toBe(true);
  });
});
