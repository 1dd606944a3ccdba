import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAddressList } from '../../../server/mail/address-list';
import { capHeaders, HEADER_CAP_BYTES, type HeaderKey } from '../../../server/mail/header-caps';
import { NO_HEADERS } from '../../server/support/mail-sync';

// The address-list scanner against generated input (fast-check): whatever hostile mail writes,
// it returns, and a list written from addresses and display names reads back as them.

/** The characters that mean something in an address list, and some that do not. */
const HOSTILE = fc.oneof(
  fc.constantFrom('<', '>', '(', ')', '"', '\\', ',', ';', ':', '@', ' ', '\t', '\r\n ', '=?'),
  fc.string({ unit: 'grapheme', maxLength: 3 }),
);

const hostileText = fc.string({ unit: HOSTILE, maxLength: 120 });

describe('parseAddressList on generated input', () => {
  it('returns addresses with an @ for any text, never throwing (10,000 cases)', () => {
    fc.assert(
      fc.property(hostileText, (value) => {
        const parsed = parseAddressList(value);
        for (const { address, name } of parsed) {
          expect(address).toContain('@');
          expect(address.length).toBeLessThanOrEqual(254);
          expect(address).toBe(address.trim());
          expect(typeof name).toBe('string');
        }
      }),
      { numRuns: 10_000 },
    );
  });

  const local = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/);
  const domain = fc.stringMatching(/^[a-z0-9]{1,10}(\.[a-z0-9]{1,10}){0,2}\.[a-z]{2,6}$/);
  // Any display name but encoded words (`=?…?=`, decoded on reading) and line breaks (unfolded).
  const name = fc.string({ unit: 'grapheme', maxLength: 30 }).filter((n) => !/[=?\r\n]/.test(n));
  const mailbox = fc.record({ local, domain, name, form: fc.constantFrom('quoted', 'bare') });

  it('reads back the addresses and names a list was written from (10,000 cases)', () => {
    fc.assert(
      fc.property(fc.array(mailbox, { minLength: 1, maxLength: 6 }), (mailboxes) => {
        const written = mailboxes.map(({ local, domain, name, form }) => {
          const address = `${local}@${domain}`;
          if (form === 'bare') return address;
          return `"${name.replace(/["\\]/g, '\\$&')}" <${address.toUpperCase()}>`;
        });
        const expected = mailboxes.map(({ local, domain, name, form }) => ({
          address: `${local}@${domain}`,
          name: form === 'bare' ? '' : name.replace(/\s+/g, ' ').trim(),
        }));
        expect(parseAddressList(written.join(',\r\n '))).toEqual(expected);
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('capHeaders on generated input', () => {
  const keys = Object.keys(NO_HEADERS) as HeaderKey[];
  const long = fc
    .tuple(hostileText, fc.integer({ min: 1, max: 400 }))
    .map(([text, times]) => text.repeat(times));

  it('keeps every header within the cap, and says which it cut (1,000 cases)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...keys), long, (key, value) => {
        const { headers, cut } = capHeaders({ ...NO_HEADERS, [key]: value });
        expect(Buffer.byteLength(headers[key] ?? '')).toBeLessThanOrEqual(HEADER_CAP_BYTES);
        expect(cut).toEqual(headers[key] === value ? [] : [key]);
        expect(cut.length > 0).toBe(Buffer.byteLength(value) > HEADER_CAP_BYTES);
      }),
      { numRuns: 1_000 },
    );
  });
});
