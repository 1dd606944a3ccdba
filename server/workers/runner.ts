// A small loop for background tasks: each starts once per interval (at once again when a run took
// longer), until stopped. Fixed rate, not a pause after each run, so a slow run does not stretch
// the alert engine's promise of noticing an overdue email within one poll. The clock is
// injected so tests move time by hand; a task's failure is logged and it runs again at its next
// turn. stop() aborts the signal the tasks get and resolves once every loop has ended. Each loop
// beats (records the clock) when a run starts and ends, so readiness can tell a hung loop.

export interface WorkerTask {
  name: string;
  intervalMs: number;
  run(signal: AbortSignal): Promise<void>;
}

export interface Clock {
  now(): Date;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    }),
};

export interface RunnerLog {
  error(detail: object, message: string): void;
}

/** When a task's loop last started or finished a run. */
export interface WorkerBeat {
  name: string;
  intervalMs: number;
  lastBeat: Date;
}

export interface Runner {
  stop(): Promise<void>;
  /** One per task, for /readyz. */
  beats(): WorkerBeat[];
}

export function startRunner(
  tasks: readonly WorkerTask[],
  { clock = systemClock, log }: { clock?: Clock; log?: RunnerLog } = {},
): Runner {
  const controller = new AbortController();
  const { signal } = controller;
  const beats = tasks.map((task) => ({
    name: task.name,
    intervalMs: task.intervalMs,
    lastBeat: clock.now(),
  }));
  const loop = async (task: WorkerTask, index: number) => {
    const beat = beats[index] as WorkerBeat;
    while (!signal.aborted) {
      beat.lastBeat = clock.now();
      const started = beat.lastBeat.getTime();
      try {
        await task.run(signal);
      } catch (error) {
        log?.error({ err: error, task: task.name }, `worker task ${task.name} failed`);
      }
      beat.lastBeat = clock.now();
      const took = beat.lastBeat.getTime() - started;
      await clock.sleep(Math.max(0, task.intervalMs - took), signal);
    }
  };
  const loops = Promise.all(tasks.map(loop));
  return {
    stop: async () => {
      controller.abort();
      await loops;
    },
    beats: () => beats.map((beat) => ({ ...beat })),
  };
}
