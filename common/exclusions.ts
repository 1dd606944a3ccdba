/**
 * Metric adjustments: which exclusion fields a workspace may use, what each field + operator
 * accepts, and how entries are cleaned. The browser (row validation) and the server (saving)
 * both use this module so they always agree.
 */
import { isDomain, isDomainOrWildcard, isEmail, isFragment } from './patterns';

export const FILTER_FIELDS = [
  'addresses',
  'domains',
  'subject',
  'labels',
  'folders',
  'categories',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export const FILTER_OPERATORS = ['is', 'contains'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type FilterLists = Record<FilterOperator, string[]>;
export type ExcludedFilters = Record<FilterField, FilterLists>;

/** The selector labels of the condition rows. */
export const FIELD_LABELS: Record<FilterField, string> = {
  addresses: 'Address',
  domains: 'Domain',
  subject: 'Subject',
  labels: 'Label',
  folders: 'Folder',
  categories: 'Category',
};

const GOOGLE_FIELDS: readonly FilterField[] = ['addresses', 'domains', 'subject', 'labels'];
const OTHER_FIELDS: readonly FilterField[] = [
  'addresses',
  'domains',
  'subject',
  'categories',
  'folders',
];

/** The fields offered for a provider, in selector order; 'G' means Google. */
export const fieldsFor = (provider: string): readonly FilterField[] =>
  provider === 'G' ? GOOGLE_FIELDS : OTHER_FIELDS;

/** Free-text fields accept spaces inside an entry; the others split entries on white space. */
export const isFreeTextField = (field: FilterField) => field !== 'addresses' && field !== 'domains';

/** Addresses and domains compare without case, so they are kept lower-cased. */
export function normalizeItem(field: FilterField, item: string): string {
  const trimmed = item.trim();
  return isFreeTextField(field) ? trimmed : trimmed.toLowerCase();
}

/** Whether one (already normalised) entry is acceptable for a field and operator. */
export function isValidItem(field: FilterField, operator: FilterOperator, item: string): boolean {
  if (isFreeTextField(field)) return item.trim() !== '';
  if (operator === 'contains') return isFragment(item);
  return field === 'addresses' ? isEmail(item) : isDomainOrWildcard(item);
}

/** Trims, lower-cases where it matters and drops repeats (ignoring case), keeping the first; blanks stay, to be refused. */
export function normalizeList(field: FilterField, items: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of items) {
    const item = normalizeItem(field, raw);
    const key = item.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result;
}

export const emptyExcludedFilters = (): ExcludedFilters => ({
  addresses: { is: [], contains: [] },
  domains: { is: [], contains: [] },
  subject: { is: [], contains: [] },
  labels: { is: [], contains: [] },
  folders: { is: [], contains: [] },
  categories: { is: [], contains: [] },
});

export const INVALID_INTERNAL_DOMAINS = 'Some of the entries are not valid domains.';

/**
 * The internal domains to store: trimmed, lower-cased, without repeats and without the default
 * (allowed) domains, which are always internal and cannot be deleted. Null when any is invalid.
 */
export function cleanInternalDomains(
  entries: readonly string[],
  defaultDomains: readonly string[],
): string[] | null {
  const defaults = new Set(defaultDomains.map((domain) => domain.toLowerCase()));
  const result: string[] = [];
  for (const raw of entries) {
    const domain = raw.trim().toLowerCase();
    if (!isDomain(domain)) return null;
    if (!defaults.has(domain) && !result.includes(domain)) result.push(domain);
  }
  return result;
}

export type CleanedFilters =
  { ok: true; filters: ExcludedFilters } | { ok: false; message: string };

function wrongProviderMessage(field: FilterField, provider: string): string {
  const label = FIELD_LABELS[field];
  return provider === 'G'
    ? `The ${label} field is not available for Google workspaces.`
    : `The ${label} field is only available for Google workspaces.`;
}

/**
 * Cleans every list of the exclusion conditions and checks it against the provider's fields and
 * each field + operator's pattern; the first problem found is returned as a sentence.
 */
export function cleanExcludedFilters(filters: ExcludedFilters, provider: string): CleanedFilters {
  const allowed = fieldsFor(provider);
  const cleaned = emptyExcludedFilters();
  for (const field of FILTER_FIELDS) {
    for (const operator of FILTER_OPERATORS) {
      const items = normalizeList(field, filters[field][operator]);
      if (items.length > 0 && !allowed.includes(field)) {
        return { ok: false, message: wrongProviderMessage(field, provider) };
      }
      const invalid = items.find((item) => !isValidItem(field, operator, item));
      if (invalid !== undefined) {
        return {
          ok: false,
          message: `"${invalid}" is not a valid entry for the condition ${FIELD_LABELS[field]} ${operator}.`,
        };
      }
      cleaned[field][operator] = items;
    }
  }
  return { ok: true, filters: cleaned };
}
