// `node page-service/dist/serve-folder.js <folder> <port>`: one remote's build on its own port,
// as the e2e harness deploys and redeploys remotes under an open tab.
import path from 'node:path';
import { startStaticFolder } from './static-folder';

const [root, port] = process.argv.slice(2);
if (!root || !port) {
  console.error('usage: node page-service/dist/serve-folder.js <dist-folder> <port>');
  process.exit(2);
}
void startStaticFolder({ root: path.resolve(root), port: Number(port), name: root }).then(() =>
  console.log(`Serving ${root} on http://localhost:${port}`),
);
