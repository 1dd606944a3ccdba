/**
 * The console's readable log format: pino's JSON lines turned into one line each,
 * `12:04:05 INFO  message key=value`, for a person watching a terminal.
 */

export type LogFormat = 'json' | 'line';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

// pino's own fields, shown in the line's head or not at all.
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err']);

/** JSON when `LOG_FORMAT=json` or stdout is not a terminal; one line per entry otherwise. */
export function chooseLogFormat(setting: string | undefined, isTerminal: boolean): LogFormat {
  if (setting === 'json') return 'json';
  if (setting === 'line') return 'line';
  return isTerminal ? 'line' : 'json';
}

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function describe(value: unknown): string {
  return typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value);
}

const describeMessage = (msg: unknown) => (typeof msg === 'string' ? msg : describe(msg ?? ''));

/** One pino JSON line as one readable line (and an error's stack below it). */
export function formatLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = (LEVELS[Number(entry.level)] ?? 'LOG').padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${describe(value)}`);
  const line = [clock(entry.time), level, describeMessage(entry.msg), ...fields]
    .join(' ')
    .trimEnd();
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n  ${(err.stack ?? err.message ?? '').replace(/\n/g, '\n  ')}` : '';
  return `${line}${stack}\n`;
}

/** A pino destination that writes the one-line format to the given stream. */
export function oneLineStream(out: { write(text: string): unknown }) {
  return { write: (json: string) => void out.write(formatLogLine(json)) };
}
