/**
 * Whether `run` takes less than `boundMs` of this process's CPU time: its least of up to five
 * runs. CPU time is the process's own, which other processes on a loaded machine do not add to;
 * the least of several is one no collection or first compilation fell into. It stops at the
 * first run within the bound, or one twenty times over it (no load makes that much).
 */
export function leastCpuMs(run: () => unknown, boundMs: number): number {
  let least = Infinity;
  for (let i = 0; i < 5 && least >= boundMs; i += 1) {
    const before = process.cpuUsage();
    run();
    const { user, system } = process.cpuUsage(before);
    least = Math.min(least, (user + system) / 1000);
    if (least > 20 * boundMs) break;
  }
  return least;
}
