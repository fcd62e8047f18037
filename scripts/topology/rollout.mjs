// Rolling restarts of a running topology (`npm run rollout`), as an operator does them by hand:
// each API instance and each page service in turn is taken out of nginx's rotation (a graceful
// reload, waited for until nginx's old workers, which still send to it, have finished and
// exited), stopped with SIGTERM (it drains), started until it answers ready, and put back. rollInstance() is what the topology's
// control runs (scripts/topology/topology.mjs: POST /roll/<part>/<i>, POST /rollout); run as a
// script, this asks a topology started by `npm run topology` (TOPOLOGY_PORT_BASE) to roll
// everything and prints each step. Exits 1 when a step failed.

/**
 * One instance out of rotation, drained, restarted, ready, and back in.
 * @param {{ setInRotation: (inRotation: boolean) => Promise<void>, stop: () => Promise<void>, start: () => Promise<void> }} instance
 *   setInRotation resolves once nginx sends (or no longer sends) it anything
 */
export async function rollInstance({ setInRotation, stop, start }) {
  await setInRotation(false);
  try {
    await stop();
    await start();
  } finally {
    // Back in even when the start failed: nginx's own checks then skip it, as before the roll.
    await setInRotation(true);
  }
}

/**
 * Every instance in turn, one at a time (the API's first, then the page services').
 * @param {{ part: string, index: number }[]} instances
 * @param {(part: string, index: number) => Promise<string>} roll resolves to a line about the instance
 * @param {(line: string) => void} report
 */
export async function rollout(instances, roll, report) {
  for (const { part, index } of instances) {
    report(`rolling ${part} ${index}`);
    report(`rolled ${part} ${index}: ${await roll(part, index)}`);
  }
}

async function main() {
  const base = Number(process.env.TOPOLOGY_PORT_BASE ?? 9000);
  const control = `http://127.0.0.1:${base + 98}`;
  let response;
  try {
    response = await fetch(`${control}/rollout`, { method: 'POST' });
  } catch (error) {
    console.error(
      `rollout: no topology answers at ${control} (TOPOLOGY_PORT_BASE=${base}): ${error.cause?.message ?? error.message}`,
    );
    process.exit(1);
  }
  let last = '';
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of response.body) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      console.log(line);
      last = line;
    }
  }
  if (pending) console.log((last = pending));
  process.exit(response.ok && last === 'rollout done' ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
