import type { Breadcrumb } from '@/api/types';

type BreadcrumbType = Breadcrumb['type'];

/** The spec's breadcrumb limit: a report carries the last 40. */
export const BREADCRUMB_LIMIT = 40;
const MESSAGE_MAX = 1000;

export interface BreadcrumbTrail {
  leave(type: BreadcrumbType, message: string): void;
  /** Oldest first, at most the trail's limit. */
  list(): Breadcrumb[];
}

export function createBreadcrumbTrail(
  limit = BREADCRUMB_LIMIT,
  now: () => Date = () => new Date(),
): BreadcrumbTrail {
  const crumbs: Breadcrumb[] = [];
  return {
    leave(type, message) {
      crumbs.push({ timestamp: now().toISOString(), type, message: message.slice(0, MESSAGE_MAX) });
      if (crumbs.length > limit) crumbs.splice(0, crumbs.length - limit);
    },
    list: () => [...crumbs],
  };
}

/** The page's one trail, filled by the instrumentation and read by the reporter. */
export const breadcrumbs = createBreadcrumbTrail();
