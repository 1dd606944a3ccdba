import { describe, expect, it } from 'vitest';
import {
  cleanExcludedFilters,
  cleanInternalDomains,
  emptyExcludedFilters,
  fieldsFor,
  isFreeTextField,
  isValidItem,
  normalizeItem,
  normalizeList,
  type ExcludedFilters,
} from '../../common/exclusions';

function filters(patch: Partial<ExcludedFilters>): ExcludedFilters {
  return { ...emptyExcludedFilters(), ...patch };
}

describe('fields by provider', () => {
  it('offers Label to Google and Category and Folder to the others', () => {
    expect(fieldsFor('G')).toEqual(['addresses', 'domains', 'subject', 'labels']);
    expect(fieldsFor('M')).toEqual(['addresses', 'domains', 'subject', 'categories', 'folders']);
  });

  it('treats every field but addresses and domains as free text', () => {
    expect((['addresses', 'domains'] as const).map(isFreeTextField)).toEqual([false, false]);
    expect(isFreeTextField('subject')).toBe(true);
    expect(isFreeTextField('labels')).toBe(true);
  });
});

describe('isValidItem', () => {
  it('Address is needs an email address', () => {
    expect(isValidItem('addresses', 'is', 'ann@acme.example')).toBe(true);
    expect(isValidItem('addresses', 'is', 'acme.example')).toBe(false);
    expect(isValidItem('addresses', 'is', 'ann@')).toBe(false);
  });

  it('Domain is needs a domain or a wildcard domain', () => {
    expect(isValidItem('domains', 'is', 'acme.example')).toBe(true);
    expect(isValidItem('domains', 'is', '*.acme.example')).toBe(true);
    expect(isValidItem('domains', 'is', 'acme')).toBe(false);
    expect(isValidItem('domains', 'is', 'ann@acme.example')).toBe(false);
  });

  it('contains on addresses and domains needs a fragment without spaces', () => {
    for (const field of ['addresses', 'domains'] as const) {
      expect(isValidItem(field, 'contains', 'acme')).toBe(true);
      expect(isValidItem(field, 'contains', '@acme')).toBe(true);
      expect(isValidItem(field, 'contains', 'ac me')).toBe(false);
      expect(isValidItem(field, 'contains', '')).toBe(false);
    }
  });

  it('free-text fields take any non-blank text with either operator', () => {
    for (const field of ['subject', 'labels', 'folders', 'categories'] as const) {
      for (const operator of ['is', 'contains'] as const) {
        expect(isValidItem(field, operator, 'Out of office: back soon')).toBe(true);
        expect(isValidItem(field, operator, '   ')).toBe(false);
      }
    }
  });
});

describe('normalisation', () => {
  it('trims every entry and lower-cases addresses and domains only', () => {
    expect(normalizeItem('addresses', '  Ann@ACME.example ')).toBe('ann@acme.example');
    expect(normalizeItem('domains', ' ACME.example')).toBe('acme.example');
    expect(normalizeItem('subject', '  Invoice DUE ')).toBe('Invoice DUE');
  });

  it('drops repeats ignoring case, keeping the first, and keeps blanks to be refused', () => {
    expect(normalizeList('subject', ['Invoice', 'invoice ', 'INVOICE', 'Order'])).toEqual([
      'Invoice',
      'Order',
    ]);
    expect(normalizeList('domains', ['A.example', 'a.example'])).toEqual(['a.example']);
    expect(normalizeList('subject', [' '])).toEqual(['']);
  });
});

describe('cleanExcludedFilters', () => {
  it('returns cleaned lists for every field', () => {
    const result = cleanExcludedFilters(
      filters({
        addresses: { is: [' Ann@Acme.example', 'ann@acme.example'], contains: ['Billing'] },
        labels: { is: ['Newsletters'], contains: [] },
      }),
      'G',
    );
    expect(result).toEqual({
      ok: true,
      filters: filters({
        addresses: { is: ['ann@acme.example'], contains: ['billing'] },
        labels: { is: ['Newsletters'], contains: [] },
      }),
    });
  });

  it('refuses labels outside Google and folders or categories on Google', () => {
    expect(cleanExcludedFilters(filters({ labels: { is: ['x'], contains: [] } }), 'M')).toEqual({
      ok: false,
      message: 'The Label field is only available for Google workspaces.',
    });
    expect(cleanExcludedFilters(filters({ folders: { is: [], contains: ['x'] } }), 'G')).toEqual({
      ok: false,
      message: 'The Folder field is not available for Google workspaces.',
    });
    expect(cleanExcludedFilters(filters({ categories: { is: ['x'], contains: [] } }), 'G')).toEqual(
      {
        ok: false,
        message: 'The Category field is not available for Google workspaces.',
      },
    );
  });

  it('accepts empty lists of a field the provider does not have', () => {
    expect(cleanExcludedFilters(emptyExcludedFilters(), 'G')).toEqual({
      ok: true,
      filters: emptyExcludedFilters(),
    });
  });

  it('names the first invalid entry and its condition', () => {
    expect(
      cleanExcludedFilters(filters({ addresses: { is: ['nobody'], contains: [] } }), 'G'),
    ).toEqual({
      ok: false,
      message: '"nobody" is not a valid entry for the condition Address is.',
    });
    expect(cleanExcludedFilters(filters({ subject: { is: [], contains: ['  '] } }), 'M')).toEqual({
      ok: false,
      message: '"" is not a valid entry for the condition Subject contains.',
    });
  });
});

describe('cleanInternalDomains', () => {
  it('trims, lower-cases, drops repeats and default domains', () => {
    expect(
      cleanInternalDomains(
        [' Partner.example', 'partner.example', 'ACME.example'],
        ['acme.example'],
      ),
    ).toEqual(['partner.example']);
  });

  it('returns null when any entry is not a domain', () => {
    expect(cleanInternalDomains(['partner.example', '*.partner.example'], [])).toBeNull();
    expect(cleanInternalDomains(['not a domain'], [])).toBeNull();
  });
});
