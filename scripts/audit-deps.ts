// npm run audit:deps: `npm audit --omit=dev --audit-level=high` over the production dependencies.
// Not part of npm test, where a registry outage would fail the tests: here it is said plainly
// (exit 2), apart from a finding (exit 1).
import { spawnSync } from 'node:child_process';
import { readAudit } from './audit-report';

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const outcome = readAudit(run.error ? String(run.error) : run.stdout);
switch (outcome.kind) {
  case 'unreachable':
    console.error(
      `Could not ask the npm registry for advisories (${outcome.reason}). Nothing was checked: ` +
        'run npm run audit:deps again when the registry answers.',
    );
    process.exit(2);
    break;
  case 'findings':
    console.error(`High or critical advisories in the production dependencies:`);
    for (const line of outcome.lines) console.error(`- ${line}`);
    process.exit(1);
    break;
  case 'clean':
    console.log(
      `No high or critical advisories in the ${outcome.dependencies} production dependencies.`,
    );
}
