import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A running Vigil server started by {@link startServer}. */
export interface RunningServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

const serveScript = fileURLToPath(new URL('./serve.mjs', import.meta.url));
// The server gives its URL once the demo data is loaded (serve.mjs): a minute on a busy 2-core machine.
const START_TIMEOUT_MS = 240_000;

/**
 * Starts `serve.mjs` with `node` directly (never through npx: the pid we kill is the server's own)
 * and resolves once it printed its URL. `stop()` sends SIGTERM, then SIGKILL after 8 s. `env` adds
 * to the server's environment (a spec's own server, e.g. with the advisor's ADVISOR_* settings).
 */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // Only `env` points a server at a model: one set in the shell must not turn the shared server's
  // built-in answers (what the no-model specs read) into a model's.
  const inherit = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ADVISOR_')));
  return startNodeScript(serveScript, {
    env: { NODE_ENV: 'development', ...env },
    inherit,
    timeoutMs: START_TIMEOUT_MS,
  });
}

/**
 * Runs a Node script that prints one JSON line `{"url": …}` once it listens (the server, the local
 * test model) and resolves with that URL; `stop()` sends SIGTERM, then SIGKILL after 8 s.
 */
export function startNodeScript(
  script: string,
  {
    env = {},
    inherit = process.env,
    timeoutMs,
  }: { env?: Record<string, string>; inherit?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, [script], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...inherit, ...env },
  });
  const pid = child.pid ?? 0;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 8000);
    await exited;
    clearTimeout(killer);
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((l) => l.startsWith('{"url"'));
      if (!line) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      const { url } = JSON.parse(line) as { url: string };
      resolve({ url, pid, stop });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (process.env.VIGIL_E2E_SERVER_LOG) process.stderr.write(text);
      output += text;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it listened:\n${output}`));
    });
  });
}
