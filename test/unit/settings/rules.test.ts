import { describe, expect, it } from 'vitest';
import { formatDay } from '../../../src/domain/dates';
import { capitalisedNumber, numberInWords } from '../../../src/domain/number-words';
import { truncate } from '../../../src/domain/text';
import { nameProblem } from '../../../src/domain/contact-groups';
import { nameLengthHint, nameTooLongMessage } from '../../../common/limits';
import { mailboxesRemovedToast } from '../../../src/machines/mailboxes/mailboxes.rows';
import { canSubmitTeam, EMPTY_TEAM_DRAFT } from '../../../src/machines/teams/teams.draft';
import {
  TEAM_CREATED_TOAST,
  TEAM_EDITED_TOAST,
  teamsRemovedToast,
} from '../../../src/machines/teams/teams.rows';
import {
  canSubmitUsers,
  checkUsersDraft,
  type UsersDraft,
} from '../../../src/machines/users/users.draft';
import {
  ROLE_UPDATED_TOAST,
  usersAddedToast,
  usersRemovedToast,
} from '../../../src/machines/users/users.rows';
import { takeEntries } from '../../../src/domain/chips';

const TOMORROW = 'This change will be reflected in your dashboard tomorrow at 00:01 local time';

/** Three users of at most ten; two tracked mailboxes. */
function usersDraft(patch: Partial<UsersDraft> = {}): UsersDraft {
  return {
    editing: null,
    emails: ['olivia@acme.example'],
    pending: '',
    role: 'admin',
    teams: [],
    mailboxes: [],
    facts: {
      existing: new Set(['ada@acme.example', 'max@acme.example', 'vera@acme.example']),
      tracked: new Set(['vera@acme.example', 'sales@acme.example']),
      maxUsers: 10,
    },
    ...patch,
  };
}

describe('users modal: what disables Add users (the specification: validation rules)', () => {
  it('allows a complete draft', () => {
    expect(canSubmitUsers(usersDraft())).toBe(true);
  });

  it.each<[string, Partial<UsersDraft>]>([
    ['a manager with no teams and no mailboxes', { role: 'manager' }],
    ['more new users than free slots', { facts: { ...usersDraft().facts, maxUsers: 3 } }],
    ['text still in the input', { pending: 'ethan' }],
    ['no email entered', { emails: [] }],
    ['an invalid email', { emails: ['olivia@acme.example', 'not-an-address'] }],
    ['no role', { role: null }],
    ['a viewer without a tracked mailbox', { role: 'viewer' }],
  ])('disables it for %s', (_, patch) => {
    expect(canSubmitUsers(usersDraft(patch))).toBe(false);
  });

  it('allows a manager with a team or with a mailbox', () => {
    expect(canSubmitUsers(usersDraft({ role: 'manager', teams: [1] }))).toBe(true);
    expect(canSubmitUsers(usersDraft({ role: 'manager', mailboxes: ['sales@acme.example'] }))).toBe(
      true,
    );
  });

  it('allows a viewer whose address is a tracked mailbox', () => {
    expect(canSubmitUsers(usersDraft({ role: 'viewer', emails: ['sales@acme.example'] }))).toBe(
      true,
    );
  });

  it('counts only addresses that are not users yet against the limit', () => {
    const full = { ...usersDraft().facts, maxUsers: 3 };
    const check = checkUsersDraft(usersDraft({ emails: ['max@acme.example'], facts: full }));
    expect(check).toMatchObject({ newUsers: 0, freeSlots: 0, overLimit: false });
    expect(checkUsersDraft(usersDraft({ facts: full }))).toMatchObject({ overLimit: true });
  });

  it('names the invalid and the untracked entries', () => {
    const check = checkUsersDraft(
      usersDraft({ role: 'viewer', emails: ['bad', 'vera@acme.example', 'olivia@acme.example'] }),
    );
    expect(check.invalid).toEqual(['bad']);
    expect(check.untracked).toEqual(['olivia@acme.example']);
  });
});

describe('teams modal rules (the specification: validation rules)', () => {
  const taken = { ...EMPTY_TEAM_DRAFT, takenNames: new Set(['sales']) };

  it('needs a name and a mailbox', () => {
    expect(canSubmitTeam({ ...taken, name: 'Support', members: ['a@acme.example'] })).toBe(true);
    expect(canSubmitTeam({ ...taken, name: '  ', members: ['a@acme.example'] })).toBe(false);
    expect(canSubmitTeam({ ...taken, name: 'Support', members: [] })).toBe(false);
  });

  it('refuses a name another team has, ignoring case', () => {
    expect(canSubmitTeam({ ...taken, name: ' SALES ', members: ['a@acme.example'] })).toBe(false);
  });

  it('refuses a name over 100 characters instead of cutting it', () => {
    const members = ['a@acme.example'];
    expect(canSubmitTeam({ ...taken, name: 'x'.repeat(100), members })).toBe(true);
    expect(canSubmitTeam({ ...taken, name: 'x'.repeat(101), members })).toBe(false);
  });
});

describe('name limits', () => {
  it('a contact-group name over 100 characters is a problem with its own message', () => {
    expect(nameProblem({ name: 'x'.repeat(100), taken: [] })).toBeNull();
    expect(nameProblem({ name: 'x'.repeat(101), taken: [] })).toBe('tooLong');
    expect(nameTooLongMessage(101)).toBe('Use at most 100 characters (this name has 101).');
    expect(nameLengthHint(12)).toBe('12 / 100 characters');
  });
});

describe('numbers in words', () => {
  it.each([
    [1, 'one'],
    [2, 'two'],
    [13, 'thirteen'],
    [20, 'twenty'],
    [21, 'twenty-one'],
    [100, 'one hundred'],
    [342, 'three hundred forty-two'],
    [1000, '1000'],
  ])('%i is %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('starts a sentence with a capital', () => {
    expect(capitalisedNumber(2)).toBe('Two');
  });
});

describe('toast texts (the specification: error catalogue)', () => {
  it('spells the number of users out', () => {
    expect(usersAddedToast(2).title).toBe('Two new users added!');
    expect(usersAddedToast(1).title).toBe('One new user added!');
    expect(usersRemovedToast(1).title).toBe('One user removed');
    expect(usersRemovedToast(2).title).toBe('Two users removed');
    expect(ROLE_UPDATED_TOAST.title).toBe('Role updated');
  });

  it('says when mailbox and team changes reach the dashboard, for 10 seconds', () => {
    for (const [toast, title] of [
      [mailboxesRemovedToast(1), 'Mailbox removed'],
      [mailboxesRemovedToast(3), 'Mailboxes removed'],
      [TEAM_CREATED_TOAST, 'New team created'],
      [TEAM_EDITED_TOAST, 'Team edited'],
      [teamsRemovedToast(1), 'Team removed'],
      [teamsRemovedToast(2), 'Teams removed'],
    ] as const) {
      expect(toast).toMatchObject({ title, description: TOMORROW, duration: 10_000 });
    }
  });
});

describe('removal names', () => {
  it('keeps 50 characters and adds an ellipsis', () => {
    const fifty = 'x'.repeat(50);
    expect(truncate(fifty)).toBe(fifty);
    expect(truncate(`${fifty}yz`)).toBe(`${fifty}...`);
  });
});

describe('dates', () => {
  it('shows a day as Mon DD, YYYY', () => {
    expect(formatDay('2024-03-05')).toBe('Mar 05, 2024');
    expect(formatDay('2025-12-31')).toBe('Dec 31, 2025');
  });
});

describe('address entry', () => {
  const empty = { values: [], pending: '' };

  it('splits on white space, commas and semicolons and keeps the last token while typing', () => {
    expect(takeEntries(empty, 'a@x.io, b@x.io;c@x.io  d@', false)).toEqual({
      values: ['a@x.io', 'b@x.io', 'c@x.io'],
      pending: 'd@',
    });
  });

  it('takes the last token once a separator follows it, or on Enter', () => {
    expect(takeEntries(empty, 'a@x.io ', false)).toEqual({ values: ['a@x.io'], pending: '' });
    expect(takeEntries(empty, 'a@x.io', true)).toEqual({ values: ['a@x.io'], pending: '' });
  });

  it('drops repeated addresses, ignoring case', () => {
    expect(takeEntries({ values: ['a@x.io'], pending: '' }, 'A@X.io b@x.io ', false)).toEqual({
      values: ['a@x.io', 'b@x.io'],
      pending: '',
    });
  });
  it('keeps free text whole, spaces included, until a line break or Enter ends it', () => {
    expect(takeEntries(empty, 'Weekly digest ', false, 'lines')).toEqual({
      values: [],
      pending: 'Weekly digest ',
    });
    expect(takeEntries(empty, 'Weekly digest\r\n Out of office \n', true, 'lines')).toEqual({
      values: ['Weekly digest', 'Out of office'],
      pending: '',
    });
  });
});
