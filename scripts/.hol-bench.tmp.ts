import { openBenchWorkspace } from '/work/wt/holidays/scripts/bench-workspace';
import { holidayRebuilds } from '/work/wt/holidays/scripts/bench-stats';
const bench = await openBenchWorkspace(1_000_000, { adminUrl: process.env.BENCH_DATABASE_URL, keep: true });
try {
  for (const line of await holidayRebuilds(bench)) console.log(`PostgreSQL: ${line}`);
} finally {
  await bench.close();
}
