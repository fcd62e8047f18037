import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A path that answers this error status instead of a file (a remote's deployment failing). */
export class Failing {
  constructor(readonly status: number) {}
}

/** A throw-away HTTP server on loopback answering from a table of paths (a remote's deployment). */
export async function jsonServer(
  files: Record<string, unknown>,
): Promise<{ base: string; files: Record<string, unknown>; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const file = files[req.url ?? ''];
    if (file === undefined) res.writeHead(404).end();
    else if (file instanceof Failing) res.writeHead(file.status).end();
    else res.writeHead(200, { 'Content-Type': 'application/json' }).end(typeof file === 'string' ? file : JSON.stringify(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    files,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
