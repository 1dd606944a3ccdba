/**
 * The share of this machine's CPU time that its hypervisor gave to something else while a run
 * went on ("steal" in /proc/stat, Linux). On a shared virtual machine a stolen slice stalls the
 * thread that ran on that CPU, and with the server's thread every request in flight: the benches
 * print it beside their tails, which it lengthens whatever the app does.
 */
import { readFileSync } from 'node:fs';

interface Ticks {
  total: number;
  steal: number;
}

/** The machine's CPU time so far in ticks: user, nice, system, idle, iowait, irq, softirq, steal. */
function ticks(): Ticks | undefined {
  let line: string;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  } catch {
    return undefined;
  }
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (fields.length < 8 || fields.some((field) => !Number.isFinite(field))) return undefined;
  return { total: fields.reduce((sum, field) => sum + field, 0), steal: fields[7] ?? 0 };
}

/** `run`'s result, and the percentage of the machine's CPU time stolen meanwhile (off Linux: none). */
export async function withSteal<T>(run: () => Promise<T>): Promise<[T, number | undefined]> {
  const before = ticks();
  const result = await run();
  const after = ticks();
  if (!before || !after || after.total <= before.total) return [result, undefined];
  return [result, (100 * (after.steal - before.steal)) / (after.total - before.total)];
}

/** e.g. `; steal 3.1 % of the CPU time`, or nothing where the machine does not say. */
export const stealNote = (steal: number | undefined) =>
  steal === undefined ? '' : `; steal ${steal.toFixed(1)} % of the CPU time`;
