import { JobLease } from '../game-health/job-lease';
import { startTestServer, type TestServer } from '../testing/test-server';
import { PurgeJob, type PurgeTask } from './purge-job';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** Two API instances' purge jobs on one database, and how often their task ran. */
function twoInstances() {
  const { db } = server.context.database;
  let runs = 0;
  const task: PurgeTask = {
    name: 'counted',
    run: () => {
      runs += 1;
      return Promise.resolve(0);
    },
  };
  const jobFor = (holder: string) =>
    new PurgeJob([task], 60_000, server.app.log, new JobLease(db, 'purge-test', holder, 120_000, server.context.now));
  return { a: jobFor('a'), b: jobFor('b'), runs: () => runs };
}

describe('the purge job leads on one instance at a time', () => {
  test('two instances ticking together purge once per tick, not once each', async () => {
    const { a, b, runs } = twoInstances();
    const [first, second] = await Promise.all([a.tick(), b.tick()]);
    expect([first, second].filter((result) => result !== null)).toHaveLength(1);
    expect(runs()).toBe(1);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs()).toBe(2);
    await a.stop();
    await b.stop();
  });

  test('a stopped leader hands over at the next tick; a dead one once its lease runs out', async () => {
    const { a, b, runs } = twoInstances();
    const leader = (await a.tick()) !== null ? a : b;
    const other = leader === a ? b : a;
    expect(await other.tick()).toBeNull();
    await leader.stop(); // a clean shutdown lets go
    expect(await other.tick()).not.toBeNull();
    expect(runs()).toBe(2);
    // The new leader dies without letting go: the first one leads again once the lease is out.
    server.advance(121_000);
    expect(await leader.tick()).not.toBeNull();
    expect(runs()).toBe(3);
    await leader.stop();
  });
});
