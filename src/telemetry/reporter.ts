import { ERROR_ENDPOINT } from '@/config';
import { readStoredUserInfo } from '@/session/user-info-store';
import { breadcrumbs, type BreadcrumbTrail } from './breadcrumbs';
import { redactUrl } from './redact';
import { buildReport, createBeaconSender, type ErrorKind, type ReportSender } from './report';

/** A runaway error loop must not flood the collector (it rate-limits too). */
const MAX_REPORTS_PER_PAGE = 25;

export interface ReporterOptions {
  trail: BreadcrumbTrail;
  send: ReportSender;
  userEmail: () => string | null;
  url: () => string;
  maxReports?: number;
}

export type ReportFn = (error: unknown, kind?: ErrorKind) => void;

/** Never throws, and never reports its own failures. */
export function createReporter(options: ReporterOptions): ReportFn {
  const { trail, send, userEmail, url, maxReports = MAX_REPORTS_PER_PAGE } = options;
  let sent = 0;
  let busy = false;
  return (error, kind = 'handled') => {
    if (busy || sent >= maxReports) return;
    busy = true;
    try {
      const report = buildReport(error, kind, {
        breadcrumbs: trail.list(),
        url: redactUrl(url()),
        userEmail: userEmail(),
      });
      sent += 1;
      send(report);
      trail.leave('error', `${report.name}: ${report.message}`);
    } catch {
      // Reporting is best effort; the app must go on.
    } finally {
      busy = false;
    }
  };
}

/** Reports an error the app chose to report (a 401, for example) with the page's trail. */
export const reportError: ReportFn = createReporter({
  trail: breadcrumbs,
  send: createBeaconSender(ERROR_ENDPOINT),
  userEmail: () => readStoredUserInfo()?.email ?? null,
  url: () => window.location.href,
});
