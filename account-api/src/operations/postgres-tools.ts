import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * pg_dump and pg_restore: the newest of Debian's /usr/lib/postgresql/<version>/bin (a pg_dump must
 * be at least as new as the server it reads), else the ones on PATH. Debian's `postgresql-client`
 * package (part of `postgresql`, which scripts/with-postgres.sh installs) provides them.
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  return newest !== undefined ? path.join(root, newest, 'bin', name) : name;
}

/**
 * A connection for the tools with the password out of the command line (where `ps` shows it):
 * the URL without it, and PGPASSWORD in the environment.
 */
export function toolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL tool to its end; throws with its own message when it fails or is missing. */
export function runTool(name: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const command = postgresTool(name);
  return new Promise((resolve, reject) => {
    let stderr = '';
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(`${name} is not installed: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)`)
          : error,
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (exit ${String(code)}): ${stderr.trim()}`));
    });
  });
}
