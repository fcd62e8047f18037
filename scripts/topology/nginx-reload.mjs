// A graceful nginx reload that resolves only once it has taken effect: every process the master
// had before (the old workers and cache processes) has exited. Old workers keep serving with the
// old upstream list until they have finished their requests in flight, and on a busy machine the
// master may start new ones well after `nginx -s reload` returned; an instance taken out of the
// rotation must not get its SIGTERM before then.
import { readdirSync, readFileSync } from 'node:fs';

/** The live (not zombie) children of a process, from /proc. */
function childrenOf(parent) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces and parentheses: read after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === parent && state !== 'Z') children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/**
 * Reloads nginx through `trigger` (`nginx -s reload`, or SIGHUP to a container's master), then
 * waits until none of the master's former children is left (at most `timeoutMs`, then throws).
 * @param {{ masterPid: number, trigger: () => void, timeoutMs?: number }} nginx
 */
export async function reloadNginx({ masterPid: master, trigger, timeoutMs = 60_000 }) {
  const before = new Set(childrenOf(master));
  trigger();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = childrenOf(master).filter((pid) => before.has(pid));
    // New workers exist too: the master has read the new configuration.
    const fresh = childrenOf(master).some((pid) => !before.has(pid));
    if (!left.length && fresh) return;
    if (Date.now() > deadline)
      throw new Error(`nginx's old workers (${left.join(', ')}) still run ${timeoutMs / 1000} s after the reload`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
