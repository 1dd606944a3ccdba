/**
 * The Exclude Emails editor's rows (spec 001 §3): one field and operator each, with entries
 * validated as they are added and again when the field or the operator changes (§4.3).
 */
import {
  emptyExcludedFilters,
  FILTER_FIELDS,
  FILTER_OPERATORS,
  fieldsFor,
  isValidItem,
  normalizeItem,
  normalizeList,
  type ExcludedFilters,
  type FilterField,
  type FilterOperator,
} from '@common/exclusions';

export interface ExclusionItem {
  item: string;
  valid: boolean;
}

export interface ExclusionRow {
  id: number;
  field: FilterField;
  operator: FilterOperator;
  items: ExclusionItem[];
}

const check = (field: FilterField, operator: FilterOperator, items: readonly string[]) =>
  items.map((item) => ({ item, valid: isValidItem(field, operator, item) }));

/** One row per stored list that has entries, in the selector's order; ids from 1. */
export function rowsFromFilters(filters: ExcludedFilters, provider: string): ExclusionRow[] {
  const rows: ExclusionRow[] = [];
  for (const field of fieldsFor(provider)) {
    for (const operator of FILTER_OPERATORS) {
      const items = filters[field][operator];
      if (items.length > 0) {
        rows.push({ id: rows.length + 1, field, operator, items: check(field, operator, items) });
      }
    }
  }
  return rows;
}

/** Rows of the same field and operator are joined; repeats are dropped. */
export function filtersFromRows(rows: readonly ExclusionRow[]): ExcludedFilters {
  const filters = emptyExcludedFilters();
  for (const row of rows) {
    const list = filters[row.field][row.operator];
    list.push(...row.items.map(({ item }) => item));
  }
  for (const field of FILTER_FIELDS) {
    for (const operator of FILTER_OPERATORS) {
      filters[field][operator] = normalizeList(field, filters[field][operator]);
    }
  }
  return filters;
}

/** Adds typed or pasted entries, cleaned; ones the row already has (ignoring case) are dropped. */
export function addItems(row: ExclusionRow, entries: readonly string[]): ExclusionRow {
  const seen = new Set(row.items.map(({ item }) => item.toLowerCase()));
  const added: string[] = [];
  for (const entry of entries) {
    const item = normalizeItem(row.field, entry);
    if (item === '' || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    added.push(item);
  }
  return { ...row, items: [...row.items, ...check(row.field, row.operator, added)] };
}

export const removeItem = (row: ExclusionRow, item: string): ExclusionRow => ({
  ...row,
  items: row.items.filter((entry) => entry.item !== item),
});

/** A new field or operator: every entry is checked again against its pattern. */
export function reshapeRow(
  row: ExclusionRow,
  change: { field?: FilterField; operator?: FilterOperator },
): ExclusionRow {
  const field = change.field ?? row.field;
  const operator = change.operator ?? row.operator;
  const items = row.items.map(({ item }) => item);
  return { ...row, field, operator, items: check(field, operator, items) };
}

/** A row with no entries or an invalid one keeps Save disabled. */
export const isIncomplete = (row: ExclusionRow) =>
  row.items.length === 0 || row.items.some((entry) => !entry.valid);
