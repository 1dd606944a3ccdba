import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAudit } from '../../../scripts/audit-report';

// npm run audit:deps reads `npm audit --json`: a registry that cannot be asked is said as such,
// never taken for a clean report nor for a finding. (The script itself asks the registry, so it
// is no part of npm test.)

describe('reading npm audit', () => {
  it('says the registry could not be asked when npm audit reports an error', () => {
    const refused = {
      message:
        'request to http://127.0.0.1:9/-/npm/v1/security/advisories/bulk failed, reason: connect ECONNREFUSED 127.0.0.1:9',
      error: { summary: '', detail: '' },
    };
    expect(readAudit(JSON.stringify(refused))).toEqual({
      kind: 'unreachable',
      reason: refused.message,
    });
    const notAllowed = {
      message:
        '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    };
    expect(readAudit(JSON.stringify(notAllowed))).toMatchObject({ kind: 'unreachable' });
    expect(readAudit('')).toEqual({ kind: 'unreachable', reason: 'npm audit printed nothing' });
  });

  it('lists high and critical advisories only, with their fix', () => {
    const report = {
      auditReportVersion: 2,
      vulnerabilities: {
        low: { severity: 'low', range: '<1.0.1', via: [{ title: 'Minor' }], fixAvailable: true },
        pg: {
          severity: 'high',
          range: '<8.23.2',
          via: [{ title: 'SQL smuggling', url: 'https://github.com/advisories/GHSA-x' }],
          fixAvailable: { name: 'pg', version: '8.23.2' },
        },
        imapflow: { severity: 'critical', range: '*', via: ['pg'], fixAvailable: false },
      },
      metadata: { dependencies: { prod: 120 } },
    };
    expect(readAudit(JSON.stringify(report))).toEqual({
      kind: 'findings',
      lines: [
        'pg <8.23.2 (high): SQL smuggling https://github.com/advisories/GHSA-x; fixed by pg@8.23.2',
        'imapflow * (critical): through pg; no fix yet',
      ],
    });
  });

  it('reports a clean audit with the number of production dependencies', () => {
    const report = {
      auditReportVersion: 2,
      vulnerabilities: {},
      metadata: { dependencies: { prod: 120 } },
    };
    expect(readAudit(JSON.stringify(report))).toEqual({ kind: 'clean', dependencies: 120 });
  });
});

describe('the dependencies audit:deps checks', () => {
  const read = (file: string) =>
    JSON.parse(readFileSync(join(process.cwd(), file), 'utf8')) as {
      scripts?: Record<string, string>;
      dependencies?: Record<string, string>;
      packages?: Record<string, { version?: string }>;
    };

  it('takes date-holidays and uplot on caret ranges, the lockfile pinning the version', () => {
    const manifest = read('package.json');
    const lock = read('package-lock.json');
    for (const name of ['date-holidays', 'uplot']) {
      const pinned = lock.packages?.[`node_modules/${name}`]?.version;
      expect(manifest.dependencies?.[name], name).toBe(`^${pinned}`);
    }
  });

  it('is a script of its own, not a stage of npm test', () => {
    const { scripts = {} } = read('package.json');
    expect(scripts['audit:deps']).toBe('tsx scripts/audit-deps.ts');
    const testRunner = readFileSync(join(process.cwd(), 'scripts/test.sh'), 'utf8');
    expect(testRunner).not.toMatch(/audit/);
  });
});
