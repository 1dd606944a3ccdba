import type { FastifyInstance } from 'fastify';
import { DEFAULT_TARGET } from '../../common/response-target';
import { route } from '../contract/route';
import type { AuthContext } from '../auth/authenticate';
import type { Db, Tx } from '../db/types';
import { breakdownCsv } from '../stats/csv';
import { breakdown, summary, timeseries } from '../stats/figures';
import { distribution, heatmap, unreplied } from '../stats/lists';
import { resolveScope, type StatsFilters, type StatsScope } from '../stats/scope';

// The statistics, for every signed-in user over the mailboxes they may see (scope.ts).

/** Resolves the caller's scope (400/403 first) and computes the figure in one transaction. */
function inScope<T>(
  db: Db,
  auth: AuthContext,
  filters: StatsFilters,
  figure: (tx: Tx, scope: StatsScope) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => figure(tx, await resolveScope(tx, auth, filters)));
}

export default function statsRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.operationId === 'exportStatsCsv' && reply.statusCode === 200) {
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="mailpulse-breakdown.csv"');
    }
    return payload;
  });

  route(app, 'getStatsSummary', {}, async ({ db, auth, query }) => {
    const target = query.target ?? DEFAULT_TARGET;
    const body = await inScope(db, auth, query, (tx, scope) => summary(tx, scope, target));
    return { status: 200, body };
  });

  route(app, 'getStatsTimeseries', {}, async ({ db, auth, query }) => {
    const granularity = query.granularity ?? 'day';
    const body = await inScope(db, auth, query, (tx, scope) => timeseries(tx, scope, granularity));
    return { status: 200, body };
  });

  route(app, 'getStatsBreakdown', {}, async ({ db, auth, query }) => {
    const target = query.target ?? DEFAULT_TARGET;
    const body = await inScope(db, auth, query, (tx, scope) =>
      breakdown(tx, scope, query.by, target),
    );
    return { status: 200, body };
  });

  route(app, 'getStatsDistribution', {}, async ({ db, auth, query }) => {
    const time = query.time ?? 'business';
    const body = await inScope(db, auth, query, (tx, scope) => distribution(tx, scope, time));
    return { status: 200, body };
  });

  route(app, 'getStatsHeatmap', {}, async ({ db, auth, query }) => {
    const body = await inScope(db, auth, query, heatmap);
    return { status: 200, body };
  });

  route(app, 'listUnrepliedRequests', {}, async ({ db, auth, query }) => {
    const paging = {
      order: query.order ?? 'newest',
      page: query.page ?? 1,
      pageSize: query.page_size ?? 50,
      now: new Date(),
    };
    const body = await inScope(db, auth, query, (tx, scope) => unreplied(tx, scope, paging));
    return { status: 200, body };
  });

  route(app, 'exportStatsCsv', {}, async ({ db, auth, query }) => {
    const target = query.target ?? DEFAULT_TARGET;
    const rows = await inScope(db, auth, query, (tx, scope) =>
      breakdown(tx, scope, query.by, target),
    );
    return { status: 200, body: breakdownCsv(rows) };
  });
}
