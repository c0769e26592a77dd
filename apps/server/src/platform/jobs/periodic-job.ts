import type { Logger } from "../logger.ts";

export interface PeriodicJob {
  /** Stops the schedule and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs`, the next run timed from the end of the last so runs never
 * overlap in one process (several processes coordinate in the database: see each job). A
 * failing run is logged and the schedule goes on. The timer does not keep the process alive.
 */
export function startPeriodicJob(options: {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  logger: Logger;
}): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(tick, options.intervalMs);
    timer.unref();
  };
  const tick = () => {
    timer = null;
    running = options
      .run()
      .then(
        () => undefined,
        (error: unknown) => options.logger.error({ err: error, job: options.name }, "background job failed"),
      )
      .finally(() => {
        running = null;
        schedule();
      });
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
