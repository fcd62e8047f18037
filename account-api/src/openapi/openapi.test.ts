import fs from 'node:fs';
import path from 'node:path';
import { generateOpenApiDocument, OPENAPI_FILE_NAME, REGENERATE_COMMAND } from './openapi-document';

const OPENAPI_FILE = path.resolve(__dirname, '..', '..', OPENAPI_FILE_NAME);

/** The first line where two texts part, for a message a person can act on. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end of file)')}, routes give ${JSON.stringify(b[at] ?? '(end of file)')}`;
}

describe('openapi.json', () => {
  let generated = '';
  beforeAll(async () => {
    generated = await generateOpenApiDocument();
  });

  it('is what the route schemas generate', () => {
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    if (committed !== generated) {
      throw new Error(
        `account-api/openapi.json does not match the route schemas (${firstDifference(committed, generated)}).\n` +
          `Regenerate it with \`${REGENERATE_COMMAND}\` and commit the file.`,
      );
    }
  });

  it('documents the request schemas, with the fields and their rules', () => {
    const document = JSON.parse(generated) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; parameters?: { name: string; in: string }[]; security?: unknown }>
      >;
    };
    expect(document.openapi).toBe('3.1.0');
    const register = JSON.stringify(document.paths['/register/']?.post?.requestBody);
    expect(register).toContain('"username"');
    expect(register).toContain('"maxLength":30');
    expect(document.paths['/api/activate-user']?.post?.parameters).toEqual([
      expect.objectContaining({ name: 'token', in: 'query' }),
    ]);
    // The routes behind the bearer-token check say so; sign-in does not.
    expect(document.paths['/api/balance']?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/login/']?.post?.security).toBeUndefined();
    // The dev outbox is not part of the public API.
    expect(Object.keys(document.paths).some((url) => url.includes('__dev'))).toBe(false);
  });
});
