import path from 'node:path';
import { Client } from 'pg';

/**
 * Who holds connections to the PostgreSQL test cluster. Every connection a test file opens is
 * named after the file (application_name, see leak-check-environment.ts and own-database.ts), so
 * a connection left open names the file that opened it.
 */

/** PostgreSQL keeps the first 63 bytes of an application_name (NAMEDATALEN - 1). */
const MAX_NAME_BYTES = 63;

/** The application_name of a test file's connections: `jest:` and its path in the workspace, cut as PostgreSQL cuts it. */
export function applicationNameOf(testPath: string, rootDir: string): string {
  let name = `jest:${path.relative(rootDir, testPath)}`;
  while (Buffer.byteLength(name) > MAX_NAME_BYTES) name = name.slice(0, -1);
  return name;
}

export interface Connection {
  pid: number;
  database: string | null;
  applicationName: string;
  state: string | null;
  /** The last statement the connection ran. */
  query: string;
  /** Seconds since the connection was opened. */
  ageSeconds: number;
}

/** Client connections (not the server's own processes), but the asking one, that match `where`. */
export async function connectionsWhere(
  adminUrl: string,
  where: { database: string } | { applicationName: string },
): Promise<Connection[]> {
  const client = new Client({ connectionString: adminUrl, application_name: 'jest:connection-check' });
  await client.connect();
  try {
    const [column, value] = 'database' in where ? ['datname', where.database] : ['application_name', where.applicationName];
    const { rows } = await client.query<{
      pid: number;
      datname: string | null;
      application_name: string;
      state: string | null;
      query: string;
      age: number;
    }>(
      `select pid, datname, application_name, state, query, extract(epoch from now() - backend_start)::float8 as age
         from pg_stat_activity
        where backend_type = 'client backend' and pid <> pg_backend_pid() and ${column} = $1
        order by backend_start`,
      [value],
    );
    return rows.map((row) => ({
      pid: row.pid,
      database: row.datname,
      applicationName: row.application_name,
      state: row.state,
      query: row.query,
      ageSeconds: Math.round(row.age * 10) / 10,
    }));
  } finally {
    await client.end();
  }
}

/** One line per connection, for an error message. */
export function describeConnections(connections: readonly Connection[]): string {
  return connections
    .map(
      (c) =>
        `  pid ${String(c.pid)} on ${c.database ?? '?'} from "${c.applicationName || '(no application_name)'}", ${c.state ?? 'no state'}, open ${String(c.ageSeconds)} s, last statement: ${c.query.replace(/\s+/g, ' ').slice(0, 120)}`,
    )
    .join('\n');
}

/**
 * Waits for the matching connections to end (a pool that was just closed is still saying goodbye
 * for a moment): resolves with none left, or with those still open after `timeoutMs`.
 */
export async function connectionsLeftAfter(
  adminUrl: string,
  where: Parameters<typeof connectionsWhere>[1],
  timeoutMs: number,
): Promise<Connection[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await connectionsWhere(adminUrl, where);
    if (open.length === 0 || Date.now() > deadline) return open;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
