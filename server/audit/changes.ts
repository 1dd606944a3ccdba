import { canonicalJson, type Json } from './canonical';
import type { Fields, Target } from './entry';

// What an entry says changed: the fields of its target as read inside the change's transaction
// before and after it, reduced to those that differ, with every secret replaced.

const SECRET = '[secret]';

/**
 * Field names whose values are never recorded: mail credentials, tokens, secrets, passwords, and
 * webhook URLs (a Slack or Teams incoming-webhook URL is itself the credential).
 */
const SECRET_KEY = /password|secret|token|credential|private_key|api_key|passphrase|webhook/i;

/** One thing an operation changes, as its description reads it. */
export interface Item {
  id: string | number;
  /** What a person calls it: an address, a name, a date. */
  name: string;
  fields: Fields;
}

export function masked(value: Json): Json {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(masked);
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEY.test(key) && inner !== null ? SECRET : masked(inner),
    ]),
  );
}

/** Several items are keyed by name (`name #id` when two share a name); one item by its fields. */
function shapeOf(items: readonly Item[], many: boolean): Fields {
  if (!many) return items[0]?.fields ?? {};
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.name, (counts.get(item.name) ?? 0) + 1);
  return Object.fromEntries(
    items.map((item) => [
      (counts.get(item.name) ?? 0) > 1 ? `${item.name} #${item.id}` : item.name,
      item.fields,
    ]),
  );
}

/** The fields that differ, each side with only its own, secrets masked. */
export function changedFields(
  before: readonly Item[],
  after: readonly Item[],
  many: boolean,
): { before: Fields; after: Fields } {
  const was = shapeOf(before, many);
  const is = shapeOf(after, many);
  const keys = new Set([...Object.keys(was), ...Object.keys(is)]);
  const changed = [...keys].filter(
    (key) => canonicalJson(was[key] ?? null) !== canonicalJson(is[key] ?? null),
  );
  const pick = (fields: Fields) =>
    masked(
      Object.fromEntries(
        changed.filter((key) => key in fields).map((key) => [key, fields[key] ?? null]),
      ),
    ) as Fields;
  return { before: pick(was), after: pick(is) };
}

const MAX_NAME = 500;

/** The items whose fields differ before and after (all of them when none does). */
export function touchedItems(before: readonly Item[], after: readonly Item[]): Item[] {
  const was = new Map(before.map((item) => [String(item.id), item]));
  const is = new Map(after.map((item) => [String(item.id), item]));
  const all = new Map([...was, ...is]);
  const touched = [...all.keys()]
    .filter(
      (id) =>
        canonicalJson(was.get(id)?.fields ?? null) !== canonicalJson(is.get(id)?.fields ?? null),
    )
    .map((id) => is.get(id) ?? was.get(id))
    .filter((item): item is Item => item !== undefined);
  return touched.length > 0 ? touched : [...all.values()];
}

/** The target of an entry: its items' ids and names joined. */
export function targetOf(type: string, items: readonly Item[]): Target {
  if (items.length === 0) return { type, id: null, name: null };
  const name = items.map((item) => item.name).join(', ');
  return {
    type,
    id: items.map((item) => String(item.id)).join(','),
    name: name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name,
  };
}
