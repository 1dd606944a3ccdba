import type { AuditEntry, AuditPage } from '../../src/api/types';

// Audit entries and pages for the Activity tab's machine and screen tests.

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export function makeEntry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    time: '2026-03-05T14:05:09Z',
    actor: { kind: 'user', user_id: 1, name: 'ada.admin@acme.example' },
    client: { address: '203.0.113.7', user_agent: CHROME_MAC },
    operation: 'updateTeam',
    target: { type: 'team', id: '2', name: 'Support' },
    before: { name: 'Support', members: ['billing@acme.example', 'info@acme.example'] },
    after: { name: 'Customer Support', members: ['billing@acme.example'] },
    hash: 'a'.repeat(64),
    ...overrides,
  };
}

/** A sign-in as the CLI made it: no address, no user agent, no changed fields. */
export const cliEntry = makeEntry(7, {
  actor: { kind: 'cli', user_id: null, name: 'root' },
  client: { address: null, user_agent: null },
  operation: 'limits:set',
  target: { type: 'workspace', id: 'acme', name: 'Acme' },
  before: { max_users: 10, smtp_password: '[secret]' },
  after: { max_users: 20, smtp_password: '[secret]' },
});

export function makeAuditPage(
  entries: AuditEntry[],
  page = 1,
  total = entries.length,
  timezone = 'Europe/Madrid',
): AuditPage {
  return { total, page, page_size: 50, timezone, entries };
}
