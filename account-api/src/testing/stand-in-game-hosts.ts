import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a stand-in game host answers. */
export type HostBehaviour = 'healthy' | 'not-found' | 'refuses-framing' | 'csp-refuses' | 'never-answers';

export interface StandInHost {
  origin: string;
  /** Changes the answer from the next request on (a host that comes back, or goes away). */
  become(behaviour: HostBehaviour): void;
  requests(): number;
  close(): Promise<void>;
}

/** A local game host on a free port of 127.0.0.1 that answers as told. */
export async function standInHost(initial: HostBehaviour): Promise<StandInHost> {
  let behaviour = initial;
  let count = 0;
  const server = http.createServer((request, response) => {
    count += 1;
    switch (behaviour) {
      case 'never-answers':
        return; // the socket stays open, unanswered, until the checker gives up
      case 'not-found':
        response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
        return;
      case 'refuses-framing':
        response.writeHead(200, { 'content-type': 'text/html', 'x-frame-options': 'DENY' }).end('<canvas></canvas>');
        return;
      case 'csp-refuses':
        response
          .writeHead(200, {
            'content-type': 'text/html',
            'content-security-policy': "frame-ancestors 'self' https://portal.other",
          })
          .end('<canvas></canvas>');
        return;
      default:
        response.writeHead(200, { 'content-type': 'text/html' }).end(`<canvas data-path="${request.url ?? ''}"></canvas>`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    become: (next) => {
      behaviour = next;
    },
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
