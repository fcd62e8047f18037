import fs from 'node:fs';
import path from 'node:path';
import { generateOpenApiDocument, OPENAPI_FILE_NAME } from './openapi-document';

// Bundled into dist/openapi.js: the workspace folder is one up.
const OPENAPI_FILE = path.resolve(__dirname, '..', OPENAPI_FILE_NAME);

/** `npm run openapi -w account-api`: writes account-api/openapi.json from the route schemas. */
async function main(): Promise<void> {
  const document = await generateOpenApiDocument();
  const before = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : null;
  fs.writeFileSync(OPENAPI_FILE, document);
  process.stdout.write(`${OPENAPI_FILE}: ${before === document ? 'unchanged' : 'written'}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
