import { describe, expect, it } from 'vitest';
import { chooseLogFormat, formatLogLine } from '../../../server/logging/one-line';

// The console: readable one-line logs on a terminal, JSON otherwise or when asked.

describe('the log format', () => {
  it('is one line per entry on a terminal and JSON elsewhere or with LOG_FORMAT=json', () => {
    expect(chooseLogFormat(undefined, true)).toBe('line');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
  });

  it('turns a pino entry into time, level, message and the extra fields', () => {
    const time = new Date(2026, 10, 24, 21, 4, 5).getTime();
    const json = JSON.stringify({
      level: 40,
      time,
      pid: 1,
      hostname: 'vm',
      reqId: 'r1',
      msg: 'demo sign-in refused',
      reason: 'used',
      detail: { a: 1 },
    });
    expect(formatLogLine(json)).toBe(
      '21:04:05 WARN  demo sign-in refused reason=used detail={"a":1}\n',
    );
  });

  it('puts an error stack under its line', () => {
    const json = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'failed',
      err: { stack: 'E: x\n at y' },
    });
    expect(formatLogLine(json)).toMatch(/ ERROR failed\n {2}E: x\n {3}at y\n$/);
  });
});
