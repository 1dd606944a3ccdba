import type { Db } from '../db/types';
import type { SubscriptionRecord } from '../repos/reports';
import { StatsResultCache } from '../stats/result-cache';
import {
  reportBasis,
  scopeFigures,
  type ReportBasis,
  type ReportFigures,
  type ReportPeriods,
  type ReportQuery,
  type ScopeFigures,
} from './figures';
import { reportText } from './report-text';
import { reportView, type ReportView } from './report-view';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe';

// A report from its subscription to the email that goes in the outbox: what it covers, its
// figures, then the HTML and text parts. React, React Email and the template load on the first
// report a process renders, not when the server starts (the bundle keeps them a chunk of their
// own for that, scripts/server-bundle.ts).
//
// The figures are the statistics API's and are reused as the API reuses them (stats/result-cache):
// keyed by the workspace's stamp, read before the scope, and the scope. A scheduler pass shares
// one cache, so the reports of recipients who see the same mailboxes (every admin, a viewer and
// the manager granted only her mailbox) cost one computation. Each figure runs in a transaction
// of its own, as the API's do, so a report's figures are computed at once.

/** A rendered report, as its outbox row keeps it: every attempt sends these same bytes. */
export interface ReportPayload {
  subscription_id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  unsubscribe_url: string;
  period: { from: string; to: string };
  rendered_at: string;
  /** "Send me one now" (or the CLI): a copy outside the schedule, with its own Message-ID. */
  on_demand: boolean;
}

type HtmlRenderer = (view: ReportView) => Promise<string>;

let loading: Promise<HtmlRenderer> | null = null;

function htmlRenderer(): Promise<HtmlRenderer> {
  loading ??= Promise.all([
    import('react'),
    import('@react-email/components'),
    import('./ReportEmail'),
  ]).then(
    ([{ createElement }, { render }, { ReportEmail }]) =>
      (view) =>
        render(createElement(ReportEmail, { view })),
  );
  return loading;
}

/** The dashboard with the report's range and filters in its URL, as the figures were asked. */
function dashboardLink(publicUrl: string, query: ReportQuery, byTeam: boolean): string {
  const url = new URL('/dashboard', publicUrl);
  url.searchParams.set('from', query.from);
  url.searchParams.set('to', query.to);
  if (query.mailboxes) url.searchParams.set('mailboxes', query.mailboxes);
  if (query.teams) url.searchParams.set('teams', query.teams);
  if (byTeam) url.searchParams.set('by', 'team');
  return url.toString();
}

interface RenderOptions {
  publicUrl: string;
  now: Date;
  onDemand: boolean;
  /** Figures already computed in this pass; a report outside a pass computes its own. */
  figureCache?: StatsResultCache;
}

/** The figures of `basis`, from the cache when a report of the same scope computed them. */
function cachedFigures(
  db: Db,
  cache: StatsResultCache,
  basis: ReportBasis,
  periods: ReportPeriods,
  now: Date,
): Promise<ScopeFigures> {
  const { scope, by, query, stamp } = basis;
  const { mailboxIds } = scope;
  const key = { op: 'report', mailboxIds, periods, by, target: query.target, now: now.getTime() };
  return cache.get(scope.workspaceId, stamp, key, () =>
    scopeFigures((figure) => db.transaction(figure), basis, periods, now),
  );
}

interface RenderedReport {
  payload: ReportPayload;
  figures: ReportFigures;
}

/** The report of a subscription for these periods, or null when it covers no mailbox. */
export async function renderReport(
  db: Db,
  record: SubscriptionRecord,
  periods: ReportPeriods,
  { publicUrl, now, onDemand, figureCache = new StatsResultCache() }: RenderOptions,
): Promise<RenderedReport | null> {
  const gathered = await db.transaction(async (tx) => {
    const basis = await reportBasis(tx, record, periods);
    if (!basis) return null;
    const token = await unsubscribeToken(tx, record.workspace_id, record.subscription_id);
    return { basis, token };
  });
  if (!gathered) return null;
  const { query, narrowing } = gathered.basis;
  const figures: ReportFigures = {
    ...periods,
    query,
    narrowing,
    ...(await cachedFigures(db, figureCache, gathered.basis, periods, now)),
  };
  const view = reportView(figures, {
    record,
    dashboardUrl: dashboardLink(publicUrl, figures.query, figures.breakdown.by === 'team'),
    unsubscribeUrl: unsubscribeUrl(publicUrl, gathered.token),
  });
  const html = await htmlRenderer();
  return {
    figures,
    payload: {
      subscription_id: record.subscription_id,
      to: record.email,
      subject: view.subject,
      html: await html(view),
      text: reportText(view),
      unsubscribe_url: view.unsubscribeUrl,
      period: figures.period,
      rendered_at: now.toISOString(),
      on_demand: onDemand,
    },
  };
}
