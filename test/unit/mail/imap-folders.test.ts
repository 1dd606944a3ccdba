import type { ListResponse, NamespacesObject } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { planFolders } from '../../../server/mail/imap/folders';

// Which folders the IMAP sync reads, from a LIST with RFC 6154 special-use attributes.

const folder = (path: string, ...flags: string[]): ListResponse =>
  ({
    path,
    pathAsListed: path,
    delimiter: '/',
    name: path.split('/').at(-1),
    parent: path.split('/').slice(0, -1),
    flags: new Set(flags),
    specialUse: undefined,
  }) as unknown as ListResponse;

describe('planFolders', () => {
  it('reads every selectable folder but spam, trash, drafts, what lies inside them, and views', () => {
    const plan = planFolders(
      [
        folder('INBOX'),
        folder('Sent', '\\Sent'),
        folder('Archive', '\\Archive'),
        folder('Customers', '\\Noselect', '\\HasChildren'),
        folder('Customers/Acme'),
        folder('Junk', '\\Junk'),
        folder('Trash', '\\Trash', '\\HasChildren'),
        folder('Trash/Old'),
        folder('Drafts', '\\Drafts'),
        folder('Flagged', '\\Flagged'),
      ],
      'Sent',
    );
    expect(plan.counted).toEqual([
      { path: 'INBOX', isSent: false },
      { path: 'Sent', isSent: true },
      { path: 'Archive', isSent: false },
      { path: 'Customers/Acme', isSent: false },
    ]);
    expect(plan.setAside).toEqual([
      { path: 'Junk', isSent: false, setAside: 'spam' },
      { path: 'Trash', isSent: false, setAside: 'trash' },
    ]);
  });

  it('sets aside a second trash or spam folder known by its name, at the top or under INBOX', () => {
    const plan = planFolders(
      [
        folder('INBOX'),
        folder('INBOX/Deleted Messages'),
        folder('Trash', '\\Trash'),
        folder('Deleted Items'),
        folder('Junk', '\\Junk'),
        folder('Spam'),
        folder('Customers'),
        folder('Customers/Spam'),
        folder('Bin', '\\Archive'),
      ],
      'Sent',
    );
    expect(plan.counted.map((f) => f.path)).toEqual([
      'INBOX',
      'Customers',
      'Customers/Spam',
      'Bin',
    ]);
    expect(plan.setAside).toEqual([
      { path: 'Junk', isSent: false, setAside: 'spam' },
      { path: 'Spam', isSent: false, setAside: 'spam' },
      { path: 'INBOX/Deleted Messages', isSent: false, setAside: 'trash' },
      { path: 'Trash', isSent: false, setAside: 'trash' },
      { path: 'Deleted Items', isSent: false, setAside: 'trash' },
    ]);
  });

  it('reads All Mail and Sent only where a folder is flagged \\All (Gmail)', () => {
    const plan = planFolders(
      [
        folder('INBOX'),
        folder('[Gmail]/All Mail', '\\All'),
        folder('[Gmail]/Sent Mail', '\\Sent'),
        folder('[Gmail]/Spam', '\\Junk'),
        folder('[Gmail]/Important', '\\Important'),
        folder('Customers'),
      ],
      'Sent',
    );
    expect(plan.counted).toEqual([
      { path: '[Gmail]/All Mail', isSent: false },
      { path: '[Gmail]/Sent Mail', isSent: true },
    ]);
  });

  it('takes the configured sent folder where none is flagged \\Sent', () => {
    const plan = planFolders([folder('INBOX'), folder('Sent Items')], 'sent items');
    expect(plan.counted).toEqual([
      { path: 'INBOX', isSent: false },
      { path: 'Sent Items', isSent: true },
    ]);
  });

  it("reads only the personal namespace's folders, whatever the prefixes (RFC 2342)", () => {
    // Dovecot: personal "", other users' "shared/", public "Public/".
    const dovecot: NamespacesObject = {
      personal: [{ prefix: '', delimiter: '/' }],
      other: [{ prefix: 'shared/', delimiter: '/' }],
      shared: [{ prefix: 'Public/', delimiter: '/' }],
    };
    const plan = planFolders(
      [
        folder('INBOX'),
        folder('Sent', '\\Sent'),
        folder('Trash', '\\Trash'),
        folder('shared'),
        folder('shared/bob@acme.example/INBOX'),
        folder('shared/bob@acme.example/Trash', '\\Trash'),
        folder('Public/Orders'),
        folder('Publications'),
      ],
      'Sent',
      dovecot,
    );
    expect(plan.counted.map((f) => f.path)).toEqual(['INBOX', 'Sent', 'Publications']);
    expect(plan.setAside.map((f) => f.path)).toEqual(['Trash']);
  });

  it('reads only the personal namespace where it has a prefix and the shared one has none', () => {
    // Cyrus: personal "INBOX.", other users' "user.", shared folders at the top, "".
    const cyrus: NamespacesObject = {
      personal: [{ prefix: 'INBOX.', delimiter: '.' }],
      other: [{ prefix: 'user.', delimiter: '.' }],
      shared: [{ prefix: '', delimiter: '.' }],
    };
    const plan = planFolders(
      [
        folder('INBOX'),
        folder('INBOX.Sent', '\\Sent'),
        folder('INBOX.Customers'),
        folder('user.bob'),
        folder('Announcements'),
      ],
      'Sent',
      cyrus,
    );
    expect(plan.counted.map((f) => f.path)).toEqual(['INBOX', 'INBOX.Sent', 'INBOX.Customers']);
  });
});
