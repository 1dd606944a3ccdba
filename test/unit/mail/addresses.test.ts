import { describe, expect, it } from 'vitest';
import { parseAddressList } from '../../../server/mail/address-list';
import { decodeMimeWords, mediaType, parseMessageIds } from '../../../server/mail/addresses';

// Header values as real mailers write them, not only as our stand-ins do.

describe('decodeMimeWords', () => {
  it('decodes B and Q words, dropping the white space between adjacent words only', () => {
    expect(decodeMimeWords('=?UTF-8?Q?Re:_Caf=C3=A9?= au lait')).toBe('Re: Café au lait');
    expect(decodeMimeWords('=?UTF-8?B?Sm9zw6k=?= =?UTF-8?Q?_Garc=C3=ADa?=')).toBe('José García');
    expect(decodeMimeWords('=?ISO-8859-1?Q?R=E9clamation?=')).toBe('Réclamation');
    expect(decodeMimeWords('=?utf-8*fr?Q?R=C3=A9ponse?=')).toBe('Réponse');
  });

  it('joins a character that a mailer split across two words', () => {
    // "Réclamation": é is C3 A9, and the first word ends after C3.
    const split = `=?UTF-8?B?${b64([0x52, 0xc3])}?= =?UTF-8?B?${b64([0xa9, ...ascii('clamation')])}?=`;
    expect(decodeMimeWords(split)).toBe('Réclamation');
    // Folded onto a second line, Q then B.
    expect(
      decodeMimeWords(`=?UTF-8?Q?Ma=C3?=\r\n =?utf-8?B?${b64([0xb1, ...ascii('ana')])}?=`),
    ).toBe('Mañana');
  });

  it('decodes words of different charsets each in its own', () => {
    expect(decodeMimeWords('=?ISO-8859-1?Q?=E9t=E9?= =?UTF-8?Q?_=C3=A9t=C3=A9?=')).toBe('été été');
  });

  it('unfolds a folded value', () => {
    expect(decodeMimeWords('Where is\r\n my order?')).toBe('Where is my order?');
    expect(decodeMimeWords('=?UTF-8?Q?Caf=C3=A9?=\r\n\t=?UTF-8?Q?_cr=C3=A8me?=')).toBe(
      'Café crème',
    );
  });

  it('leaves plain text, and text between words, as it is', () => {
    expect(decodeMimeWords('Order 42 =?UTF-8?Q?=E2=80=93?= shipped')).toBe('Order 42 – shipped');
    expect(decodeMimeWords('no words here')).toBe('no words here');
  });
});

describe('parseAddressList', () => {
  it('keeps parentheses inside a quoted name, and drops comments outside quotes', () => {
    expect(parseAddressList('"Ana Ruiz (Acme)" <Ana@Acme.example>')).toEqual([
      { address: 'ana@acme.example', name: 'Ana Ruiz (Acme)' },
    ]);
    expect(parseAddressList('Ana Ruiz (via Acme) <ana@acme.example>')).toEqual([
      { address: 'ana@acme.example', name: 'Ana Ruiz' },
    ]);
    expect(parseAddressList('"Smith, \\"J\\"" <j@x.example>, b@y.example (Bo)')).toEqual([
      { address: 'j@x.example', name: 'Smith, "J"' },
      { address: 'b@y.example', name: 'Bo' },
    ]);
  });

  it('reads groups, and encoded names, in order', () => {
    expect(
      parseAddressList('Team: a@x.example, =?UTF-8?B?Sm9zw6k=?= <j@x.example>;, c@y.example'),
    ).toEqual([
      { address: 'a@x.example', name: '' },
      { address: 'j@x.example', name: 'José' },
      { address: 'c@y.example', name: '' },
    ]);
    expect(parseAddressList('undisclosed-recipients:;')).toEqual([]);
  });
});

describe('parseMessageIds', () => {
  it('reads bracketed ids in order, whatever separates them', () => {
    expect(parseMessageIds('<a@x.example> <b@y.example>,<c@z.example>')).toEqual([
      '<a@x.example>',
      '<b@y.example>',
      '<c@z.example>',
    ]);
    expect(parseMessageIds('<a@x.example> (message from Ann of 3 March)')).toEqual([
      '<a@x.example>',
    ]);
  });

  it('drops white space a mailer folded into an id', () => {
    expect(parseMessageIds('<CAF1234.5678@\r\n mail.gmail.com>')).toEqual([
      '<CAF1234.5678@mail.gmail.com>',
    ]);
  });

  it('takes ids written without brackets as the same ids', () => {
    expect(parseMessageIds(' 20260210.4711@crm.customer.example ')).toEqual([
      '<20260210.4711@crm.customer.example>',
    ]);
    expect(parseMessageIds('a@x.example\r\n b@y.example')).toEqual([
      '<a@x.example>',
      '<b@y.example>',
    ]);
  });

  it('finds no id in a value that names none', () => {
    expect(parseMessageIds(null)).toEqual([]);
    expect(parseMessageIds('')).toEqual([]);
    expect(parseMessageIds('< >')).toEqual([]);
    expect(parseMessageIds('your message of Tuesday')).toEqual([]);
  });
});

describe('mediaType', () => {
  it('keeps the type and subtype of a Content-Type, as Exchange, Postfix and Gmail write them', () => {
    expect(
      mediaType('multipart/report; report-type=delivery-status;\r\n\tboundary="9B095B5ADSN=_01"'),
    ).toBe('multipart/report');
    expect(mediaType('Multipart/Report; report-type="disposition-notification"')).toBe(
      'multipart/report',
    );
    expect(mediaType('multipart/report (a bounce); report-type=delivery-status')).toBe(
      'multipart/report',
    );
    expect(mediaType('text/plain')).toBe('text/plain');
  });

  it('names no type where the value has none', () => {
    expect(mediaType(null)).toBeNull();
    expect(mediaType('')).toBeNull();
    expect(mediaType('report')).toBeNull();
    expect(mediaType('; charset=utf-8')).toBeNull();
  });
});

function ascii(text: string): number[] {
  return [...Buffer.from(text, 'ascii')];
}

function b64(bytes: number[]): string {
  return Buffer.from(bytes).toString('base64');
}
