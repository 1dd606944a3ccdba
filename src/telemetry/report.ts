import type { Breadcrumb, ClientErrorReport } from '@/api/types';
export type ErrorKind = ClientErrorReport['kind'];

const RELEASE_STAGE = 'production';

// The contract's limits, so the collector never refuses a report for its size.
const LIMITS = { name: 200, message: 5000, stack: 20000, url: 2000, email: 254 };

interface ErrorParts {
  name: string;
  message: string;
  stack?: string;
}

function describe(error: unknown): ErrorParts {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack };
  }
  if (typeof error === 'string') return { name: 'Error', message: error };
  try {
    return { name: 'NonError', message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { name: 'NonError', message: String(error) };
  }
}

export interface ReportFacts {
  breadcrumbs: Breadcrumb[];
  url: string;
  userEmail: string | null;
}

export function buildReport(
  error: unknown,
  kind: ErrorKind,
  facts: ReportFacts,
): ClientErrorReport {
  const parts = describe(error);
  return {
    kind,
    name: parts.name.slice(0, LIMITS.name) || 'Error',
    message: parts.message.slice(0, LIMITS.message),
    ...(parts.stack ? { stack: parts.stack.slice(0, LIMITS.stack) } : {}),
    url: facts.url.slice(0, LIMITS.url),
    release_stage: RELEASE_STAGE,
    user_email: facts.userEmail?.slice(0, LIMITS.email) ?? null,
    breadcrumbs: facts.breadcrumbs,
  };
}

export type ReportSender = (report: ClientErrorReport) => void;

/**
 * Sends with `navigator.sendBeacon`, which survives the page unloading; when the beacon is
 * refused (too large, or unsupported) it falls back to fetch with keepalive. Neither goes
 * through the API client, so reports leave no request breadcrumbs of their own.
 */
export function createBeaconSender(endpoint: string, win: Window = window): ReportSender {
  const fetchOriginal = win.fetch?.bind(win);
  return (report) => {
    const body = JSON.stringify(report);
    try {
      const blob = new Blob([body], { type: 'application/json' });
      if (win.navigator.sendBeacon?.(endpoint, blob)) return;
    } catch {
      // Fall through to fetch.
    }
    fetchOriginal?.(endpoint, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      keepalive: body.length < 60_000,
      credentials: 'same-origin',
    }).catch(() => undefined);
  };
}
