// SIGTERM (an orchestrator, `docker stop`, systemd) and SIGINT (Ctrl-C): the process stops taking
// requests (Fastify answers 503 to new ones and closes idle connections), lets open requests finish,
// hands running jobs back to the queue at their checkpoint (the worker's close), then exits 0. If
// that takes longer than the timeout (a request or a job that does not stop), it exits 1 anyway,
// saying so: a bounded stop, so the orchestrator's own kill never lands in the middle of a write
// without a log line. A second signal exits at once.

export interface ShutdownLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface ShutdownOptions {
  /** Everything to close, in order (the app, then the development helpers). */
  close: () => Promise<void>;
  timeoutMs: number;
  log: ShutdownLog;
  exit?: (code: number) => void;
}

/** The handler of a stop signal: the first one stops gracefully within `timeoutMs`, a second exits at once. */
export function gracefulShutdown({ close, timeoutMs, log, exit = process.exit }: ShutdownOptions) {
  let stopping = false;
  return async (signal: string): Promise<void> => {
    if (stopping) {
      log.error({ signal }, 'second stop signal: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    const started = Date.now();
    log.info(
      { signal, timeoutMs },
      'shutting down: no new requests; open requests and running jobs finish or go back to the queue',
    );
    const timer = setTimeout(() => {
      log.error({ signal, timeoutMs }, `shutdown did not finish within ${timeoutMs} ms: exiting anyway`);
      exit(1);
    }, timeoutMs);
    timer.unref();
    try {
      await close();
      clearTimeout(timer);
      log.info({ ms: Date.now() - started }, 'shut down');
      exit(0);
    } catch (error) {
      clearTimeout(timer);
      log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
}
