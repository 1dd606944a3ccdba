import { FILTER_FIELDS, type ExcludedFilters } from '../../common/exclusions';
import { EMPTY, joinSql, sql, type Sql } from '../db/sql';

// The exclusion rows of a generation as one SQL predicate over a message `m` whose lower-cased
// counterparts are `m.cps` (sender of inbound, recipients of outbound). Only the lists that hold
// items become clauses, with the items as bound `text[]` parameters, so an empty setting costs
// nothing.

/** A list of tags on the message (`m.labels`, `m.categories`): one matching is enough, ignoring case. */
const tagClauses = (tags: Sql) => ({
  is: (p: Sql) => sql`exists (select 1 from unnest(${tags}) l where lower(l) = any(${p}))`,
  contains: (p: Sql) =>
    sql`exists (select 1 from unnest(${tags}) l, unnest(${p}) i where strpos(lower(l), i) > 0)`,
});

const CLAUSES = {
  addresses: {
    is: (p: Sql) => sql`m.cps && ${p}`,
    contains: (p: Sql) =>
      sql`exists (select 1 from unnest(m.cps) c, unnest(${p}) i where strpos(c, i) > 0)`,
  },
  domains: {
    // `*.domain` (passed as `domain`, in the second list) matches the domain and its subdomains.
    is: (p: Sql, wildcards: Sql) =>
      sql`exists (select 1 from unnest(m.cps) c cross join lateral (select split_part(c, '@', 2) as d) x
                where x.d = any(${p})
                   or exists (select 1 from unnest(${wildcards}) w
                               where x.d = w or right(x.d, length(w) + 1) = '.' || w))`,
    contains: (p: Sql) =>
      sql`exists (select 1 from unnest(m.cps) c, unnest(${p}) i
                where strpos(split_part(c, '@', 2), i) > 0)`,
  },
  subject: {
    is: (p: Sql) => sql`lower(m.subject) = any(${p})`,
    contains: (p: Sql) =>
      sql`exists (select 1 from unnest(${p}) i where strpos(lower(m.subject), i) > 0)`,
  },
  labels: tagClauses(sql`m.labels`),
  folders: {
    is: (p: Sql) => sql`coalesce(lower(m.folder) = any(${p}), false)`,
    contains: (p: Sql) =>
      sql`exists (select 1 from unnest(${p}) i where strpos(lower(m.folder), i) > 0)`,
  },
  categories: tagClauses(sql`m.categories`),
} as const;

/**
 * The predicate, each list's items bound lower-cased and trimmed. Rows are OR'ed and a row
 * matches when any of its items does, so every item list is one OR'ed clause.
 */
export function exclusionPredicate(filters: Partial<ExcludedFilters>): Sql {
  const bind = (items: string[]) => sql`${items}::text[]`;
  const clauses: Sql[] = [];
  for (const field of FILTER_FIELDS) {
    const lists = filters[field];
    const is = (lists?.is ?? []).map((item) => item.trim().toLowerCase()).filter(Boolean);
    const contains = (lists?.contains ?? []).map((i) => i.trim().toLowerCase()).filter(Boolean);
    if (field === 'domains' && is.length > 0) {
      const exact = is.filter((item) => !item.startsWith('*.'));
      const wildcards = is.filter((item) => item.startsWith('*.')).map((item) => item.slice(2));
      clauses.push(CLAUSES.domains.is(bind(exact), bind(wildcards)));
    } else if (is.length > 0) {
      clauses.push(CLAUSES[field].is(bind(is), EMPTY));
    }
    if (contains.length > 0) clauses.push(CLAUSES[field].contains(bind(contains)));
  }
  return clauses.length > 0 ? sql`(${joinSql(clauses, sql` or `)})` : sql`false`;
}

const escapedDomains = (domains: readonly string[]) =>
  domains.map((domain) => domain.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|') || '(?!)';

/** A regular expression matching a space-separated list of addresses all of these domains. */
export function allOfDomains(domains: readonly string[]): string {
  const one = `[^ ]*@(${escapedDomains(domains)})`;
  return `^${one}( ${one})*$`;
}

/**
 * A regular expression matching a space-separated list of lower-cased addresses each of these
 * domains or of one of these local parts (`noreply@…`).
 */
export function allOfDomainsOrLocalParts(
  domains: readonly string[],
  localParts: readonly string[],
): string {
  const one = `([^ ]*@(${escapedDomains(domains)})|(${escapedDomains(localParts)})@[^ ]*)`;
  return `^${one}( ${one})*$`;
}

/**
 * A regular expression matching a lower-cased List-Id (RFC 2919: `[phrase] <label.namespace>`)
 * whose list is at one of these domains or below: a Google Group `support@company.example` is
 * `<support.company.example>`. Brackets are optional, as some senders leave them out.
 */
export function listOfDomains(domains: readonly string[]): string {
  return `\\.(${escapedDomains(domains)})(>|$)`;
}
