import NodeEnvironment from 'jest-environment-node';
import { applicationNameOf, connectionsLeftAfter, describeConnections } from './pg-connections';

/**
 * Jest's Node environment, plus on PostgreSQL (TEST_DATABASE_URL): every connection the test file
 * opens in this process carries the file's name (PGAPPNAME), and once its last afterAll has run,
 * a connection of the file still open fails the file, naming it. A pool left open outlives its
 * file inside the jest worker: it was how a database dropped with FORCE ended connections under
 * later files (57P01 "terminating connection due to administrator command" mid-file).
 */

/** How long a pool closed in the last afterAll may take to say goodbye. */
const GOODBYE_MS = 5_000;

type Config = ConstructorParameters<typeof NodeEnvironment>[0];
type Context = ConstructorParameters<typeof NodeEnvironment>[1];

export default class LeakCheckEnvironment extends NodeEnvironment {
  private readonly applicationName: string;
  private readonly adminUrl = process.env.TEST_DATABASE_URL ?? '';

  constructor(config: Config, context: Context) {
    super(config, context);
    this.applicationName = applicationNameOf(context.testPath, config.projectConfig.rootDir);
    // The file's own copy of process.env: pg reads PGAPPNAME there for every connection it opens.
    if (this.adminUrl) this.global.process.env.PGAPPNAME = this.applicationName;
  }

  // Structural types: the part of jest-circus's event and state this reads.
  async handleTestEvent(event: { name: string }, state: { unhandledErrors: unknown[] }): Promise<void> {
    // run_finish comes after the file's last afterAll; errors added now fail the file.
    if (event.name !== 'run_finish' || !this.adminUrl) return;
    const left = await connectionsLeftAfter(this.adminUrl, { applicationName: this.applicationName }, GOODBYE_MS);
    if (left.length === 0) return;
    state.unhandledErrors.push(
      new Error(
        `The test file left ${String(left.length)} PostgreSQL connection(s) open ${String(GOODBYE_MS / 1000)} s after its last afterAll: ` +
          `a server or pool it did not close (close every startTestServer, end every pg Client/Pool).\n${describeConnections(left)}`,
      ),
    );
  }
}
