import { describe, expect, it } from 'vitest';
import { portalDocument } from '../../../server/contract/spec';
import type { AuditEntry, AuditPage, AuditQuery } from '../../../src/api/types';
import { client } from '../support/app';
import { setUpTestWorkspace } from '../support/suite';

// The audit log's read operations: admins only, every query value bounded by the contract.

const t = setUpTestWorkspace('audit-api.example');

const urlOf = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

/** Every field the Activity page reads; a change here is an "Audit contract:" commit of its own. */
const ENTRY_FIELDS = {
  id: 1,
  time: 1,
  actor: 1,
  client: 1,
  operation: 1,
  target: 1,
  before: 1,
  after: 1,
  hash: 1,
} satisfies Record<keyof AuditEntry, 1>;
const PAGE_FIELDS = { total: 1, page: 1, page_size: 1, entries: 1 } satisfies Record<
  keyof AuditPage,
  1
>;

const requiredOf = (name: string) =>
  (portalDocument.components.schemas?.[name] as { required: string[] }).required;

describe('the audit log API', () => {
  it('keeps the entry and page shapes the Activity page was built on', () => {
    expect(requiredOf('AuditEntry').sort()).toEqual(Object.keys(ENTRY_FIELDS).sort());
    expect(requiredOf('AuditPage').sort()).toEqual(Object.keys(PAGE_FIELDS).sort());
  });

  it.each(['/portal/api/audit/', '/portal/api/audit/export.csv'])(
    'refuses a manager and a viewer with 403 at %s',
    async (path) => {
      for (const session of [t.ws.manager, t.ws.viewer]) {
        const reply = await client(t.app, session.token).get(path);
        expect(reply.statusCode).toBe(403);
        expect(reply.json()).toEqual({
          error: 'forbidden',
          message: 'Your role does not allow this.',
        });
      }
    },
  );

  const bad: [Partial<Record<keyof AuditQuery, string>>, string][] = [
    [{ from: '2026-13-01' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ actor: 'x'.repeat(255) }, 'actor'],
    [{ actor: '' }, 'actor'],
    [{ operation: 'drop table' }, 'operation'],
    [{ operation: 'x'.repeat(65) }, 'operation'],
    [{ target: 'x'.repeat(201) }, 'target'],
    [{ page: '0' }, 'page'],
    [{ page: '100001' }, 'page'],
    [{ page_size: '201' }, 'page_size'],
  ];
  it.each(bad)('refuses %j with 400 naming %s', async (query, field) => {
    for (const path of ['/portal/api/audit/', '/portal/api/audit/export.csv']) {
      if (path.endsWith('.csv') && (field === 'page' || field === 'page_size')) continue;
      const reply = await client(t.app, t.ws.admin.token).get(urlOf(path, query));
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json<{ message: string }>().message).toContain(field);
    }
  });
});
