type CpuUsage = { user: number; system: number };

/** The calling thread's CPU time in ms (`process.threadCpuUsage`, Node 23.9+), else undefined. */
export function threadCpuMs(): number | undefined {
  const used = (process as { threadCpuUsage?: () => CpuUsage }).threadCpuUsage?.();
  return used ? (used.user + used.system) / 1000 : undefined;
}
