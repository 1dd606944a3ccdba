import type { FastifyInstance } from 'fastify';
import { DEFAULT_TARGET } from '../../common/response-target';
import { route } from './route';
import type { AuthContext } from '../auth/authenticate';
import type { Db, Tx } from '../db/types';
import { breakdownCsv } from '../stats/csv';
import { requestRows, requestsCsv } from '../stats/requests-csv';
import { closeRequest, reopenRequest } from '../stats/closures';
import { reportChange } from '../audit/report';
import { notFound } from '../http/errors';
import { readStatsBase } from '../stats/data-version';
import { breakdown, summary, timeseries } from '../stats/figures';
import {
  distribution,
  heatmap,
  unrepliedPage,
  waitingNow,
  type UnrepliedPage,
} from '../stats/lists';
import { StatsResultCache } from '../stats/result-cache';
import { keptPerObject } from '../kept-per-object';
import { resolveScope, type StatsFilters, type StatsScope } from '../stats/scope';

// The statistics, for every signed-in user over the mailboxes they may see (scope.ts), reused
// while nothing they depend on has changed (result-cache.ts).

type Figure<T> = (tx: Tx, scope: StatsScope) => Promise<T>;

// The ids in a cache key, written once per list: requests that share a scope's list share this.
const idsKey = keptPerObject((ids: readonly number[]) => ids.join(','));

/**
 * Reads the caller's mailboxes and the workspace's stamp (one statement, shared by concurrent
 * requests of the same visibility), resolves the scope (400/403 first), then takes the figure
 * from the cache or computes it in a transaction of its own. The figure is frozen, so its checked
 * JSON is kept as bytes (routes/route.ts).
 */
async function cachedFigure<T extends object>(
  db: Db,
  cache: StatsResultCache,
  auth: AuthContext,
  request: { operation: string; filters: StatsFilters; options: object },
  figure: Figure<T>,
): Promise<T> {
  const { stamp, visible } = await readStatsBase(db, auth);
  const scope = await resolveScope(db, auth, request.filters, visible);
  const { workspaceId, groupIds, from, to } = scope;
  const mailboxIds = idsKey(scope.mailboxIds);
  const key = { op: request.operation, mailboxIds, groupIds, from, to, ...request.options };
  return cache.get(workspaceId, stamp, key, () =>
    db.transaction((tx) => figure(tx, scope)).then((value) => Object.freeze(value)),
  );
}

/** The downloads' file names, by operation. */
const CSV_FILES: Partial<Record<string, string>> = {
  exportStatsCsv: 'mailpulse-breakdown.csv',
  exportRequestsCsv: 'mailpulse-requests.csv',
};

/** Now to the whole second: the waiting times of one second's requests share a computation. */
const thisSecond = () => new Date(Math.floor(Date.now() / 1000) * 1000);

export default function statsRoutes(app: FastifyInstance) {
  const cache = new StatsResultCache();
  const figure = <T extends object>(
    auth: AuthContext,
    operation: string,
    filters: StatsFilters,
    options: object,
    compute: Figure<T>,
  ) => cachedFigure(app.db, cache, auth, { operation, filters, options }, compute);

  app.addHook('onSend', (request, reply, payload, done) => {
    const file = CSV_FILES[String(request.routeOptions.config.operationId)];
    if (file && reply.statusCode === 200) {
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${file}"`);
    }
    done(null, payload);
  });

  route(app, 'getStatsSummary', {}, async ({ auth, query }) => {
    const target = query.target ?? DEFAULT_TARGET;
    const body = await figure(auth, 'summary', query, { target }, (tx, scope) =>
      summary(tx, scope, target),
    );
    return { status: 200, body };
  });

  route(app, 'getStatsTimeseries', {}, async ({ auth, query }) => {
    const granularity = query.granularity ?? 'day';
    const body = await figure(auth, 'timeseries', query, { granularity }, (tx, scope) =>
      timeseries(tx, scope, granularity),
    );
    return { status: 200, body };
  });

  route(app, 'getStatsBreakdown', {}, async ({ auth, query }) => {
    const target = query.target ?? DEFAULT_TARGET;
    const options = { by: query.by, target };
    const body = await figure(auth, 'breakdown', query, options, (tx, scope) =>
      breakdown(tx, scope, query.by, target),
    );
    return { status: 200, body };
  });

  route(app, 'getStatsDistribution', {}, async ({ auth, query }) => {
    const time = query.time ?? 'business';
    const body = await figure(auth, 'distribution', query, { time }, (tx, scope) =>
      distribution(tx, scope, time),
    );
    return { status: 200, body };
  });

  route(app, 'getStatsHeatmap', {}, async ({ auth, query }) => {
    const body = await figure(auth, 'heatmap', query, {}, heatmap);
    return { status: 200, body };
  });

  // The page is reused while the mail is unchanged; its waiting times grow by the second, so they
  // are added for the second of asking, once for all who ask for that page in that second.
  const waiting = new WeakMap<
    UnrepliedPage,
    { second: number; reply: ReturnType<typeof waitingNow> }
  >();
  const withWaiting = (page: UnrepliedPage) => {
    const now = thisSecond();
    const known = waiting.get(page);
    if (known?.second === now.getTime()) return known.reply;
    const reply = waitingNow(app.db, page, now);
    waiting.set(page, { second: now.getTime(), reply });
    reply.catch(() => waiting.get(page)?.reply === reply && waiting.delete(page));
    return reply;
  };

  route(app, 'listUnrepliedRequests', {}, async ({ auth, query }) => {
    const paging = {
      order: query.order ?? 'newest',
      page: query.page ?? 1,
      pageSize: query.page_size ?? 50,
    };
    const page = await figure(auth, 'unreplied', query, paging, (tx, scope) =>
      unrepliedPage(tx, scope, paging),
    );
    return { status: 200, body: await withWaiting(page) };
  });

  // Anyone who may see a request's mailbox closes it by hand; one they may not see is not found.
  const unknown = () => notFound('id: no waiting request with this id among your mailboxes.');
  route(app, 'closeRequest', {}, async ({ auth, db, params }) => {
    await db.transaction(async (tx) => {
      const change = await closeRequest(tx, auth, params.id, app.sessions.now());
      if (!change) throw unknown();
      reportChange(tx, () => change);
    });
    return { status: 204 };
  });

  route(app, 'reopenRequest', {}, async ({ auth, db, params }) => {
    await db.transaction(async (tx) => {
      const change = await reopenRequest(tx, auth, params.id);
      if (!change)
        throw notFound('id: no request closed by hand with this id among your mailboxes.');
      reportChange(tx, () => change);
    });
    return { status: 204 };
  });

  route(app, 'exportStatsCsv', {}, async ({ auth, query }) => {
    const target = query.target ?? DEFAULT_TARGET;
    const options = { by: query.by, target };
    // The same computation as the breakdown's: a download right after the table reuses it.
    const rows = await figure(auth, 'breakdown', query, options, (tx, scope) =>
      breakdown(tx, scope, query.by, target),
    );
    return { status: 200, body: breakdownCsv(rows) };
  });

  // Not from the result cache: it names the users who closed requests, whom the statistics'
  // stamp does not follow, and an export is rare.
  route(app, 'exportRequestsCsv', {}, async ({ auth, db, query }) => {
    const { visible } = await readStatsBase(db, auth);
    const scope = await resolveScope(db, auth, query, visible);
    const rows = await db.transaction((tx) => requestRows(tx, scope));
    return { status: 200, body: requestsCsv(rows) };
  });
}
