// How the two entry points (main.ts, worker.ts) end: on SIGTERM or SIGINT they stop what runs,
// close the database, and exit; a second signal while stopping changes nothing.

/** On the first SIGTERM or SIGINT: says so, awaits `stop`, and exits 0, or 1 when it failed. */
export function stopOnSignals(name: string, stop: () => Promise<unknown>): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${name} stopping (${signal})`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${name} could not stop cleanly`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}
