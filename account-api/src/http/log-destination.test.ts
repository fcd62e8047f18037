import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@portal/shared-contracts/account';
import { startTestServer } from '../testing/test-server';
import { until } from '../testing/wait';
import { bufferedLog } from './log-destination';

function openLogFile() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-log-')), 'api.log');
  return { fd: fs.openSync(file, 'a'), read: () => fs.readFileSync(file, 'utf8') };
}

describe('the buffered request log', () => {
  it('keeps lines in memory until a flush, then writes every one of them', async () => {
    const file = openLogFile();
    const log = bufferedLog(file.fd, { minLength: 8192, flushEveryMs: 60_000 });
    log.stream.write('{"msg":"first"}\n');
    log.stream.write('{"msg":"second"}\n');
    expect(file.read()).toBe('');
    log.flushSync();
    expect(file.read()).toBe('{"msg":"first"}\n{"msg":"second"}\n');
    await log.close();
  });

  it('writes a waiting line on its own within the flush interval', async () => {
    const file = openLogFile();
    const log = bufferedLog(file.fd, { minLength: 8192, flushEveryMs: 20 });
    log.stream.write('{"msg":"waiting"}\n');
    await until('the waiting line is written', () => file.read().includes('waiting'));
    expect(file.read()).toBe('{"msg":"waiting"}\n');
    await log.close();
  });

  it('writes what is left when it closes', async () => {
    const file = openLogFile();
    const log = bufferedLog(file.fd, { minLength: 8192, flushEveryMs: 60_000 });
    log.stream.write('{"msg":"last"}\n');
    await log.close();
    expect(file.read()).toBe('{"msg":"last"}\n');
  });

  it("carries the API's request lines: each answered request is in the file once flushed", async () => {
    const file = openLogFile();
    const log = bufferedLog(file.fd, { minLength: 8192, flushEveryMs: 60_000 });
    const server = await startTestServer({ logLevel: 'info' }, { logger: true, logStream: log.stream });
    try {
      const response = await server.app.inject({ method: 'GET', url: API_PATHS.health });
      expect(response.statusCode).toBe(200);
      // The line is written once the response has gone out; flushed, it is in the file.
      const requestLines = () => {
        log.flushSync();
        return file
          .read()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { msg?: string; route?: string; status?: number })
          .filter((line) => line.msg === 'request');
      };
      await until('the request line is logged', () => requestLines().length > 0);
      expect(requestLines()).toEqual([expect.objectContaining({ route: API_PATHS.health, status: 200 })]);
    } finally {
      await server.close();
      await log.close();
    }
  });
});
