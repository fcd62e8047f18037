// The throw-away SMTP sink of the example deployment and the topology: deploy/images/
// example-backing.sh's `mail` role (Python's smtpd DebuggingServer, which prints every message
// it receives), run in the example's pod by `npm run kube:check` and as a process on this host by
// the topology. Both read the verification codes from what it printed, with verificationCode().
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SINK = path.join(ROOT, 'deploy', 'images', 'example-backing.sh');

/** The newest verification code the sink printed for this address, or null. */
export function verificationCode(printed, email) {
  // Quoted-printable soft line breaks are joined first.
  const text = printed.replace(/=\r?\n/g, '');
  const at = text.lastIndexOf(email);
  return at === -1 ? null : (/verification code is:[^0-9]*([0-9]{6})/.exec(text.slice(at))?.[1] ?? null);
}

const listening = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/**
 * Starts the sink on 127.0.0.1:port, printing into `logFile`; resolves once it accepts connections.
 * @returns {Promise<{ url: string, codeFor: (email: string) => string | null, stop: () => Promise<void> }>}
 */
export async function startMailSink({ port, logFile }) {
  const out = openSync(logFile, 'a');
  const child = spawn('sh', [SINK, 'mail'], {
    stdio: ['ignore', out, out],
    env: { ...process.env, MAIL_LISTEN: `127.0.0.1:${port}` },
  });
  closeSync(out);
  const deadline = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`the SMTP sink did not listen on ${port}: ${readFileSync(logFile, 'utf8').slice(-500)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    codeFor: (email) => verificationCode(readFileSync(logFile, 'utf8'), email),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
        child.once('exit', () => resolve(undefined));
        child.kill('SIGTERM');
      }),
  };
}
