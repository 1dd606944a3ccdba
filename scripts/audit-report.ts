// Reads `npm audit --json` for `npm run audit:deps` (scripts/audit-deps.ts): the advisories at
// level high or above, or that the registry could not be asked, which is said as such and is
// not a finding.

export type AuditOutcome =
  | { kind: 'unreachable'; reason: string }
  | { kind: 'clean'; dependencies: number }
  | { kind: 'findings'; lines: string[] };

interface Vulnerability {
  severity?: string;
  range?: string;
  via?: (string | { title?: string; url?: string })[];
  fixAvailable?: boolean | { name: string; version: string };
}

interface AuditJson {
  message?: string;
  error?: { summary?: string; detail?: string };
  vulnerabilities?: Record<string, Vulnerability>;
  metadata?: { dependencies?: { prod?: number; total?: number } };
}

const SEVERE = new Set(['high', 'critical']);

function describe(name: string, vulnerability: Vulnerability): string {
  const advisories = (vulnerability.via ?? []).map((via) =>
    typeof via === 'string'
      ? `through ${via}`
      : `${via.title ?? 'advisory'} ${via.url ?? ''}`.trim(),
  );
  const fix = vulnerability.fixAvailable;
  const remedy =
    fix === true
      ? 'npm audit fix resolves it'
      : fix
        ? `fixed by ${fix.name}@${fix.version}`
        : 'no fix yet';
  return `${name} ${vulnerability.range ?? ''} (${vulnerability.severity}): ${advisories.join('; ')}; ${remedy}`;
}

export function readAudit(stdout: string): AuditOutcome {
  let json: AuditJson;
  try {
    json = JSON.parse(stdout) as AuditJson;
  } catch {
    const reason = stdout.trim().split('\n')[0] || 'npm audit printed nothing';
    return { kind: 'unreachable', reason };
  }
  if (json.error || !json.vulnerabilities) {
    const summary = json.error?.summary || json.message || 'the audit endpoint gave no report';
    return { kind: 'unreachable', reason: summary };
  }
  const lines = Object.entries(json.vulnerabilities)
    .filter(([, vulnerability]) => SEVERE.has(vulnerability.severity ?? ''))
    .map(([name, vulnerability]) => describe(name, vulnerability));
  if (lines.length > 0) return { kind: 'findings', lines };
  const dependencies = json.metadata?.dependencies?.prod ?? json.metadata?.dependencies?.total ?? 0;
  return { kind: 'clean', dependencies };
}
