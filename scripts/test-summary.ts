/**
 * Prints what `npm test` did: one row per stage (when it started, its wall and CPU time, test
 * counts from its JSON report), the run's wall and CPU time, and a last line "N passed, N failed",
 * which CI reads. Usage: tsx scripts/test-summary.ts STAGES_TSV [RUN_WALL_MS] where each row of
 * the TSV is: stage name, exit code, wall ms, report path or "-", CPU ms (user + system of the
 * stage's processes), start ms after the run began. Stages may overlap, so the run's wall time is
 * given apart rather than summed.
 * A stage that failed without a failed test in its report (lint, a crash, a file that did not
 * load) counts as one failure, so a red run never ends in "0 failed".
 */
import { existsSync, readFileSync } from 'node:fs';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface StageRow {
  name: string;
  exitCode: number;
  ms: number;
  cpuMs: number;
  startMs: number;
  counts: Counts | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function num(record: Record<string, unknown>, key: string): number {
  const value = record[key];
  return typeof value === 'number' ? value : 0;
}

/** Vitest's json reporter (Jest's format) or Playwright's json reporter. */
function readCounts(path: string): Counts | undefined {
  if (!existsSync(path)) return undefined;
  let report: unknown;
  try {
    report = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(report)) return undefined;
  if ('numTotalTests' in report) {
    return {
      passed: num(report, 'numPassedTests'),
      failed: num(report, 'numFailedTests'),
      skipped: num(report, 'numPendingTests') + num(report, 'numTodoTests'),
    };
  }
  const stats = report.stats;
  if (isRecord(stats)) {
    return {
      passed: num(stats, 'expected') + num(stats, 'flaky'),
      failed: num(stats, 'unexpected'),
      skipped: num(stats, 'skipped'),
    };
  }
  return undefined;
}

function readStages(path: string): StageRow[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [name = '?', exitCode = '1', ms = '0', report = '-', cpuMs = '0', startMs = '0'] =
        line.split('\t');
      return {
        name,
        exitCode: Number(exitCode),
        ms: Number(ms),
        cpuMs: Number(cpuMs),
        startMs: Number(startMs),
        counts: report === '-' ? undefined : readCounts(report),
      };
    });
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function minutes(ms: number): string {
  return `${(ms / 60_000).toFixed(1)} min`;
}

function main(): void {
  const path = process.argv[2];
  if (!path) throw new Error('usage: tsx scripts/test-summary.ts STAGES_TSV [RUN_WALL_MS]');
  const stages = readStages(path).sort((a, b) => a.startMs - b.startMs);
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const width = Math.max(5, ...stages.map((stage) => stage.name.length));

  console.log('==== summary ====');
  console.log(
    `${'stage'.padEnd(width)}  result  ${'start'.padStart(8)}  ${'wall'.padStart(8)}  ${'CPU'.padStart(8)}  tests`,
  );
  for (const stage of stages) {
    const ok = stage.exitCode === 0;
    let tests = '';
    if (stage.counts) {
      const { passed, failed, skipped } = stage.counts;
      tests = `${passed} passed, ${failed} failed, ${skipped} skipped`;
      total.passed += passed;
      total.failed += failed;
      total.skipped += skipped;
    }
    if (!ok && (stage.counts?.failed ?? 0) === 0) {
      total.failed += 1;
      tests = tests ? `${tests} (stage failed)` : 'stage failed';
    }
    const result = ok ? 'ok' : 'FAILED';
    const times = [stage.startMs, stage.ms, stage.cpuMs].map((ms) => seconds(ms).padStart(8));
    console.log(`${stage.name.padEnd(width)}  ${result.padEnd(6)}  ${times.join('  ')}  ${tests}`);
  }
  const wallMs =
    Number(process.argv[3]) || Math.max(0, ...stages.map((stage) => stage.startMs + stage.ms));
  const cpuMs = stages.reduce((sum, stage) => sum + stage.cpuMs, 0);
  console.log(
    `total: ${minutes(wallMs)} wall, ${minutes(cpuMs)} CPU (user + system); ${total.skipped} skipped`,
  );
  // CI reads this exact line.
  console.log(`${total.passed} passed, ${total.failed} failed`);
}

main();
