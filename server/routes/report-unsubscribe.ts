import type { FastifyInstance } from 'fastify';
import { publicRoute } from './route';
import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { HtmlPageError } from '../http/errors';
import { acceptFormBodies } from '../http/form-body';
import { htmlPage, type PageAction } from '../http/html-page';
import { verifyUnsubscribeToken, type UnsubscribeTarget } from '../reports/unsubscribe';
import { FREQUENCY_TEXTS, type ReportFrequency } from '../../common/reports';

// A report email's unsubscribe link, which works without signing in (RFC 8058). Opening it shows
// a page with a button; only the POST (the button, or the mail client's one-click) ends the
// subscription, since mail software fetches links in the background. Always a page, no redirect.
// It works whatever the reports feature's flags: a recipient can always stop a report.

const TITLE = 'This unsubscribe link is not valid';
const OPEN_APP: PageAction = { href: '/dashboard', label: 'Open Mailpulse' };
const ENDED = 'You can subscribe again from your dashboard whenever you like.';

interface Described {
  frequency: ReportFrequency;
  email: string;
  client_name: string;
}

async function verified(q: Queryable, token: string): Promise<UnsubscribeTarget> {
  const target = await verifyUnsubscribeToken(q, token);
  if (!target) {
    throw new HtmlPageError(
      400,
      TITLE,
      'It was changed or is incomplete. Use the link in your latest report, or sign in and ' +
        'manage your reports from the dashboard.',
    );
  }
  return target;
}

async function describe(q: Queryable, target: UnsubscribeTarget): Promise<Described | null> {
  const [row] = await q.query<Described>(sql`
    select s.frequency, u.email, w.client_name
      from report_subscriptions s
      join users u on u.workspace_id = s.workspace_id and u.user_id = s.user_id
      join workspaces w on w.workspace_id = s.workspace_id
     where s.workspace_id = ${target.workspaceId} and s.subscription_id = ${target.subscriptionId}`);
  return row ?? null;
}

const reportName = (report: Described) =>
  `the ${FREQUENCY_TEXTS[report.frequency].label.toLowerCase()} email report of ` +
  `${report.client_name} to ${report.email}`;

export default function reportUnsubscribeRoutes(app: FastifyInstance) {
  acceptFormBodies(app);

  publicRoute(
    app,
    'showUnsubscribe',
    async ({ db, params, reply, request }) => {
      const report = await describe(db, await verified(db, params.token));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!report) {
        return { status: 200, body: htmlPage('This report has already ended', ENDED, OPEN_APP) };
      }
      const action: PageAction = {
        post: request.url.split('?')[0] ?? '',
        label: 'Unsubscribe',
        fields: { 'List-Unsubscribe': 'One-Click' },
      };
      const message = `You will no longer get ${reportName(report)}.`;
      return { status: 200, body: htmlPage('Unsubscribe from this report?', message, action) };
    },
    { pageTitle: TITLE },
  );

  publicRoute(
    app,
    'unsubscribe',
    async ({ db, params, reply }) => {
      const page = await db.transaction(async (tx) => {
        const target = await verified(tx, params.token);
        const report = await describe(tx, target);
        if (!report) return htmlPage('This report has already ended', ENDED, OPEN_APP);
        await tx.query(sql`
          delete from report_subscriptions
           where workspace_id = ${target.workspaceId}
             and subscription_id = ${target.subscriptionId}`);
        return htmlPage(
          'You are unsubscribed',
          `You will no longer get ${reportName(report)}. ${ENDED}`,
          OPEN_APP,
        );
      });
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return { status: 200, body: page };
    },
    { pageTitle: TITLE },
  );
}
