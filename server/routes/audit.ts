import type { FastifyInstance } from 'fastify';
import { route } from './route';
import { badRequest } from '../http/errors';
import type { QueryOf } from '../contract/types';
import { auditTimezone, countEntries, listEntries, type AuditFilters } from '../repos/audit';
import { apiEntry, auditCsv } from '../audit/read';

// The audit log's read operations (admins only). Nothing here, or anywhere in the API, changes
// or deletes an entry.

const ADMIN = { roles: ['admin'] } as const;

/** An export holds at most this many entries, newest first (docs/audit.md). */
const EXPORT_LIMIT = 100_000;

function filtersOf(query: QueryOf<'exportAuditCsv'>): AuditFilters {
  const from = query.from ?? null;
  const to = query.to ?? null;
  if (from !== null && to !== null && to < from) throw badRequest('to: must not be before from.');
  return {
    from,
    to,
    actor: query.actor?.trim() || null,
    operation: query.operation ?? null,
    target: query.target?.trim() || null,
  };
}

export default function auditRoutes(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config.operationId === 'exportAuditCsv' && reply.statusCode === 200) {
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="mailpulse-audit.csv"');
    }
    done(null, payload);
  });

  route(app, 'listAuditEntries', ADMIN, async ({ query, auth, db }) => {
    const filters = filtersOf(query);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? 50;
    const [total, rows, timezone] = await Promise.all([
      countEntries(db, auth.workspaceId, filters),
      listEntries(db, auth.workspaceId, filters, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      }),
      auditTimezone(db, auth.workspaceId),
    ]);
    return {
      status: 200,
      body: { total, page, page_size: pageSize, timezone, entries: rows.map(apiEntry) },
    };
  });

  route(app, 'exportAuditCsv', ADMIN, async ({ query, auth, db }) => {
    const rows = await listEntries(db, auth.workspaceId, filtersOf(query), {
      limit: EXPORT_LIMIT,
      offset: 0,
    });
    return { status: 200, body: auditCsv(rows) };
  });
}
