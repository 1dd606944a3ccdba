import { describe, expect, it } from 'vitest';
import { parseAddressList } from '../../../server/mail/address-list';
import { decodeMimeWords, mediaType, parseMessageIds } from '../../../server/mail/addresses';
import { capHeaders, HEADER_CAP_BYTES } from '../../../server/mail/header-caps';
import { leastCpuMs } from '../../support/cpu-time';
import { NO_HEADERS } from '../../server/support/mail-sync';

// Header values as hostile mail writes them: each is read in time linear in its length (issue
// 44, part 5), and the sync keeps at most HEADER_CAP_BYTES of it.

const KIB_256 = 256 * 1024;
/** The bound on reading a header of 256 KiB. */
const BOUND_MS = 50;

/** `unit` repeated to 256 KiB. */
const hostile = (unit: string) => unit.repeat(Math.ceil(KIB_256 / unit.length));

describe('a hostile header of 256 KiB', () => {
  // `<>(` is the issue's: each `<` made the old expression try the rest of the value again.
  it.each([['<>('], ['('], ['<a'], ['"a'], ['\\'], [',;:'], ['a@b (c)<']])(
    'of %j is read as an address list in under 50 ms',
    (unit) => {
      const value = hostile(unit);
      expect(leastCpuMs(() => parseAddressList(value), BOUND_MS)).toBeLessThan(BOUND_MS);
    },
  );

  it.each([['=?'], ['=?u?B?'], ['?= '], ['<'], ['<a'], ['(']])(
    'of %j is read as text, Message-IDs and a media type in under 50 ms',
    (unit) => {
      const value = hostile(unit);
      expect(leastCpuMs(() => decodeMimeWords(value), BOUND_MS)).toBeLessThan(BOUND_MS);
      expect(leastCpuMs(() => parseMessageIds(value), BOUND_MS)).toBeLessThan(BOUND_MS);
      expect(leastCpuMs(() => mediaType(value), BOUND_MS)).toBeLessThan(BOUND_MS);
    },
  );

  it('still yields the addresses before it', () => {
    expect(parseAddressList(`Ana <ana@acme.example>, bo@acme.example, ${hostile('<>(')}`)).toEqual([
      { address: 'ana@acme.example', name: 'Ana' },
      { address: 'bo@acme.example', name: '' },
    ]);
  });
});

describe('addresses and ids too long to be any', () => {
  it('leaves out an address longer than RFC 5321 allows, and an id longer than a line', () => {
    const long = `${'a'.repeat(250)}@acme.example`;
    expect(parseAddressList(`${long}, Bo <${long}>, c@acme.example`)).toEqual([
      { address: 'c@acme.example', name: '' },
    ]);
    expect(parseMessageIds(`<${'x'.repeat(990)}@acme.example> <b@acme.example>`)).toEqual([
      '<b@acme.example>',
    ]);
  });
});

describe('capHeaders', () => {
  const bytes = (value: string | null) => Buffer.byteLength(value ?? '');

  it('cuts a long text on a whole character and says which headers it cut', () => {
    const subject = `Ré${'é'.repeat(5000)}`;
    const { headers, cut } = capHeaders({ ...NO_HEADERS, subject, listId: '<a.acme.example>' });
    expect(bytes(headers.subject)).toBe(HEADER_CAP_BYTES - 1);
    expect(headers.subject === subject.slice(0, 4096)).toBe(true);
    expect(headers.listId).toBe('<a.acme.example>');
    expect(cut).toEqual(['subject']);
  });

  it('keeps as many whole addresses of a list as fit, in order', () => {
    const to = Array.from({ length: 1000 }, (_, i) => `"Person, ${i}" <p${i}@acme.example>`);
    const { headers, cut } = capHeaders({ ...NO_HEADERS, to: to.join(', ') });
    expect(bytes(headers.to)).toBeLessThanOrEqual(HEADER_CAP_BYTES);
    const kept = parseAddressList(headers.to);
    expect(kept.length).toBeGreaterThan(200);
    expect(kept.at(-1)).toEqual({
      address: `p${kept.length - 1}@acme.example`,
      name: `Person, ${kept.length - 1}`,
    });
    expect(cut).toEqual(['to']);
  });

  it('holds a Bcc to its cap as it holds To: whole addresses, as many as fit', () => {
    // The mailbox's sent copy of a message to a thousand people in Bcc.
    const bcc = Array.from({ length: 1000 }, (_, i) => `p${i}@acme.example`).join(', ');
    const { headers, cut } = capHeaders({ ...NO_HEADERS, bcc });
    expect(bytes(headers.bcc)).toBeLessThanOrEqual(HEADER_CAP_BYTES);
    const kept = parseAddressList(headers.bcc).map(({ address }) => address);
    expect(kept.length).toBeGreaterThan(400);
    expect(kept).toEqual(bcc.split(', ').slice(0, kept.length));
    expect(cut).toEqual(['bcc']);
  });

  it('keeps the address of a display name of 256 KiB, and as much of the name as fits', () => {
    const from = `"${hostile('<>(')}" <Carla@Customer.example>`;
    const { headers } = capHeaders({ ...NO_HEADERS, from });
    expect(bytes(headers.from)).toBeLessThanOrEqual(HEADER_CAP_BYTES);
    const [parsed] = parseAddressList(headers.from);
    expect(parsed?.address).toBe('carla@customer.example');
    expect(parsed?.name.length).toBeGreaterThan(4000);
  });

  it('keeps the first and the last References whole, as many as fit', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `<m${i}@acme.example>`);
    const { headers } = capHeaders({ ...NO_HEADERS, references: ids.join('\r\n ') });
    const kept = parseMessageIds(headers.references);
    expect(bytes(headers.references)).toBeLessThanOrEqual(HEADER_CAP_BYTES);
    expect(kept[0]).toBe('<m0@acme.example>');
    expect(kept.slice(1)).toEqual(ids.slice(ids.length - kept.length + 1));
    expect(kept.length).toBeGreaterThan(300);
  });

  it('reads only the ends of a References of megabytes', () => {
    const references = `<root@acme.example> ${'<'.repeat(4 * 1024 * 1024)} <parent@acme.example>`;
    const { headers, cut } = capHeaders({ ...NO_HEADERS, references });
    expect(parseMessageIds(headers.references)).toEqual([
      '<root@acme.example>',
      '<parent@acme.example>',
    ]);
    expect(cut).toEqual(['references']);
  });
});
