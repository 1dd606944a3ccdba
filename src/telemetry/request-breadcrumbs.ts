import type { Middleware } from 'openapi-fetch';
import type { BreadcrumbTrail } from './breadcrumbs';
import { redactUrl } from './redact';

function describeRequest(request: Request): string {
  const url = new URL(request.url);
  return `${request.method} ${redactUrl(`${url.pathname}${url.search}`)}`;
}

/**
 * Automatic breadcrumbs of API requests, as middleware of the API client: every call of the
 * app goes through it, and it needs no global `fetch` patched before the client exists.
 */
export function requestBreadcrumbs(trail: BreadcrumbTrail): Middleware {
  return {
    onResponse({ request, response }) {
      trail.leave('request', `${describeRequest(request)} → ${response.status}`);
    },
    onError({ request, error }) {
      const reason = error instanceof Error ? error.message : String(error);
      trail.leave('request', `${describeRequest(request)} failed: ${reason}`);
    },
  };
}
