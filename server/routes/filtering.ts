import type { FastifyInstance } from 'fastify';
import { route } from './route';
import type { Schemas } from '../contract/types';
import { badRequest } from '../http/errors';
import {
  readFiltering,
  saveFiltering,
  workspaceDomains,
  type StoredFiltering,
} from '../repos/filtering';
import {
  cleanExcludedFilters,
  cleanInternalDomains,
  INVALID_INTERNAL_DOMAINS,
} from '../../common/exclusions';
import { reportChange } from '../audit/report';
import { filteringItemsOf } from '../audit/targets-settings';

const ACCESS = { roles: ['admin'], feature: 'metric_adjustments' } as const;

function reply(
  stored: StoredFiltering,
  defaultDomains: string[],
): Schemas['FilteringSettingsReply'] {
  const defaults = new Set(defaultDomains.map((domain) => domain.toLowerCase()));
  return {
    filtering_settings: {
      excluded_filters: stored.excludedFilters,
      // A domain allowed after it was saved is now a default one: list it once, as a default.
      internal_domains: stored.internalDomains.filter((domain) => !defaults.has(domain)),
    },
    client_domains: { default_domains: defaultDomains },
  };
}

export default function filteringRoutes(app: FastifyInstance) {
  route(app, 'getFilteringSettings', ACCESS, async ({ auth, db }) => {
    const body = await db.transaction(async (tx) => {
      const { allowedDomains } = await workspaceDomains(tx, auth.workspaceId);
      return reply(await readFiltering(tx, auth.workspaceId), allowedDomains);
    });
    return { status: 200, body };
  });

  // client_domains in the body is ignored: the default domains are the workspace's allowed ones.
  route(app, 'setFilteringSettings', ACCESS, async ({ body, auth, db }) => {
    const saved = await db.transaction(async (tx) => {
      const { provider, allowedDomains } = await workspaceDomains(tx, auth.workspaceId, true);
      const filters = cleanExcludedFilters(body.filtering_settings.excluded_filters, provider);
      if (!filters.ok) throw badRequest(filters.message);
      const internalDomains = cleanInternalDomains(
        body.filtering_settings.internal_domains,
        allowedDomains,
      );
      if (!internalDomains) throw badRequest(INVALID_INTERNAL_DOMAINS);
      const settings = { excludedFilters: filters.filters, internalDomains };
      const { before, after } = await saveFiltering(tx, auth.workspaceId, settings);
      reportChange(tx, () => ({
        before: filteringItemsOf(before),
        after: filteringItemsOf(after),
      }));
      return reply(settings, allowedDomains);
    });
    return { status: 200, body: saved };
  });
}
