import type { Queryable } from '../db/types';
import { emptyExcludedFilters, type ExcludedFilters } from '../../common/exclusions';
import { EMPTY, FOR_UPDATE, sql } from '../db/sql';

export interface StoredFiltering {
  excludedFilters: ExcludedFilters;
  internalDomains: string[];
}

interface WorkspaceDomains {
  provider: string;
  allowedDomains: string[];
}

/** The provider and allowed (default) domains; `lock` serialises saves of one workspace. */
export async function workspaceDomains(
  tx: Queryable,
  workspaceId: number,
  lock = false,
): Promise<WorkspaceDomains> {
  const [row] = await tx.query<{ provider: string; allowed_domains: string[] }>(
    sql`select provider, allowed_domains from workspaces where workspace_id = ${workspaceId}${lock ? FOR_UPDATE : EMPTY}`,
  );
  if (!row) throw new Error(`workspace ${workspaceId} does not exist`);
  return { provider: row.provider, allowedDomains: row.allowed_domains };
}

interface FilteringRow {
  excluded_filters: Partial<ExcludedFilters>;
  internal_domains: string[];
}

/** A saved row as the settings, or every list empty when there is none. */
const storedOf = (row: FilteringRow | null | undefined): StoredFiltering => ({
  excludedFilters: { ...emptyExcludedFilters(), ...row?.excluded_filters },
  internalDomains: row?.internal_domains ?? [],
});

/** The saved settings, or every list empty when they were never saved. */
export async function readFiltering(tx: Queryable, workspaceId: number): Promise<StoredFiltering> {
  const [row] = await tx.query<FilteringRow>(
    sql`select excluded_filters, internal_domains from filtering_settings where workspace_id = ${workspaceId}`,
  );
  return storedOf(row);
}

/** Saves the settings; what they were before and are now, from the upsert itself. */
export async function saveFiltering(
  tx: Queryable,
  workspaceId: number,
  settings: StoredFiltering,
): Promise<{ before: StoredFiltering; after: StoredFiltering }> {
  // The subquery reads the statement's snapshot: the row as it was before this upsert.
  const [row] = await tx.query<FilteringRow & { before: FilteringRow | null }>(sql`
    insert into filtering_settings (workspace_id, excluded_filters, internal_domains, updated_at)
     values (${workspaceId}, ${JSON.stringify(settings.excludedFilters)}, ${settings.internalDomains}, now())
     on conflict (workspace_id) do update
       set excluded_filters = excluded.excluded_filters,
           internal_domains = excluded.internal_domains,
           updated_at = now()
    returning excluded_filters, internal_domains,
              (select json_build_object('excluded_filters', f.excluded_filters,
                                        'internal_domains', f.internal_domains)
                 from filtering_settings f where f.workspace_id = ${workspaceId}) as before`);
  return { before: storedOf(row?.before), after: storedOf(row) };
}
