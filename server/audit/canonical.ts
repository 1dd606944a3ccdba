import { createHash } from 'node:crypto';

// The canonical JSON an entry's hash covers: object keys sorted by UTF-16 code unit (JavaScript's
// default sort), no whitespace, strings and numbers as JSON.stringify writes them, hashed as
// UTF-8. jsonb keeps neither key order nor spacing, so the same value read back from either
// database gives the same text.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// Built by concatenation rather than map and join: verification hashes every entry of a log
// (a million in 30 s is the budget), and the intermediate arrays were a third of its time.
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  let text = '';
  if (Array.isArray(value)) {
    for (const item of value) text += (text === '' ? '' : ',') + canonicalJson(item);
    return `[${text}]`;
  }
  const keys = Object.keys(value);
  if (keys.length > 1) keys.sort();
  for (const key of keys) {
    text += `${text === '' ? '' : ','}${JSON.stringify(key)}:${canonicalJson(value[key] ?? null)}`;
  }
  return `{${text}}`;
}

export const sha256Hex = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash a chain starts from, and the anchor of a workspace whose entries were never pruned. */
export const GENESIS_HASH = '0'.repeat(64);
