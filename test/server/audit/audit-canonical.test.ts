import { describe, expect, it } from 'vitest';
import { canonicalEntryJson, entryHash, entryJson } from '../../../server/audit/entry';
import type { StoredEntry } from '../../../server/audit/entry';

// The canonical JSON an entry's hash covers (docs/audit.md): the written-out form verification
// uses gives, byte for byte, the text of the definition, for every kind of entry.

type Unhashed = Omit<StoredEntry, 'hash'>;

const ENTRY: Unhashed = {
  workspaceId: 7,
  seq: 42,
  at: '2026-11-26T05:00:00.000Z',
  actor: { kind: 'user', userId: 3, name: 'ada@acme.example' },
  client: { address: '203.0.113.9', userAgent: 'Mozilla/5.0 "quoted" \\ back' },
  operation: 'updateTeam',
  target: { type: 'team', id: '12', name: 'Support é ✓ \u2028' },
  before: { name: 'Support', members: ['b@acme.example', 'a@acme.example'] },
  after: { name: 'Helpdesk', nested: { z: 1, a: [true, null, { y: 2.5, b: 'x' }] } },
  prevHash: '0'.repeat(64),
};

const VARIANTS: Unhashed[] = [
  ENTRY,
  {
    ...ENTRY,
    actor: { kind: 'cli', userId: null, name: 'ops' },
    client: { address: null, userAgent: null },
    target: { type: 'workspace', id: null, name: null },
    before: {},
    after: {},
  },
  {
    ...ENTRY,
    at: '2026-03-29T03:30:00+02:00',
    seq: 9_007_199_254_740_991,
    workspaceId: 2 ** 31 - 1,
  },
  {
    ...ENTRY,
    actor: { kind: 'system', userId: null, name: 'retention' },
    after: { é: 1, Z: 2, a: 3 },
  },
];

describe('the canonical JSON of an entry', () => {
  it('is the documented text: keys sorted at every level, no whitespace, `at` in UTC', () => {
    expect(canonicalEntryJson(VARIANTS[1]!)).toBe(
      '{"actor":{"kind":"cli","name":"ops","user_id":null},"after":{},' +
        '"at":"2026-11-26T05:00:00.000Z","before":{},"client":{"address":null,"user_agent":null},' +
        `"operation":"updateTeam","prev_hash":"${'0'.repeat(64)}","seq":42,` +
        '"target":{"id":null,"name":null,"type":"workspace"},"workspace_id":7}',
    );
  });

  it.each(VARIANTS.map((entry, i) => [i, entry] as const))(
    'is written out exactly as defined (variant %i), so its hash is the same',
    (_i, entry) => {
      expect(entryJson(entry)).toBe(canonicalEntryJson(entry));
      expect(entryHash(entry)).toMatch(/^[0-9a-f]{64}$/);
    },
  );
});
