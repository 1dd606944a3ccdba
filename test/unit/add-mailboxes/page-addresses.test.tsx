import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts } from '../../../src/stores/toast-store';
import { answer, enterAddresses, renderAddMailboxes } from './support';

// The Add mailboxes page before its results: entering the addresses and validating them. The
// results and adding the valid mailboxes are in page-results.test.tsx.

const LIMIT_TEXT = (n: number, m: number) =>
  `You're trying to add ${n} mailboxes, but you only have ${m} slots remaining. Remove some mailboxes or contact your Customer Success Manager to increase your limit.`;

afterEach(() => {
  act(() => dismissAllToasts());
  vi.restoreAllMocks();
});

const chips = () =>
  within(screen.getByRole('list', { name: 'Addresses to validate' })).getAllByRole('listitem');

describe('entering addresses', () => {
  it('splits on white space, commas and semicolons and shows invalid tokens in red', async () => {
    await enterAddresses('ann@acme.example, not-an-address;ben@acme.example\n\n  x@ ,;');
    const items = chips();
    expect(items.map((item) => item.firstChild?.textContent)).toEqual([
      'ann@acme.example',
      'not-an-address',
      'ben@acme.example',
      'x@',
    ]);
    const invalid = items.filter((item) => item.classList.contains('address-chip-invalid'));
    expect(invalid.map((item) => item.firstChild?.textContent)).toEqual(['not-an-address', 'x@']);
    expect(invalid[0]).toHaveTextContent('(not a valid email address)');
    expect(screen.getByText('4 mailboxes')).toBeInTheDocument();
    expect(screen.getByText('· 2 not valid')).toBeInTheDocument();
  });

  it('disables validating past the limit, with the exact limit text', async () => {
    const page = await enterAddresses('a@acme.example b@acme.example c@acme.example', {
      maxMailboxes: 5,
      tracked: 3,
    });
    expect(screen.getByText('2 slots remaining')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(LIMIT_TEXT(3, 2));
    expect(screen.getByRole('button', { name: 'Validate mailboxes' })).toBeDisabled();

    const box = screen.getByRole('textbox', { name: 'Mailbox addresses' });
    await page.user.clear(box);
    await page.user.paste('a@acme.example b@acme.example');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Validate mailboxes' })).toBeEnabled();
  });

  it('keeps Validate disabled while nothing is entered', async () => {
    renderAddMailboxes();
    expect(await screen.findByRole('button', { name: 'Validate mailboxes' })).toBeDisabled();
  });
});

describe('validating', () => {
  it('signs in with the stored token, sends the addresses and shows validated of submitted', async () => {
    const page = await enterAddresses('a@acme.example b@acme.example c@acme.example');
    await page.user.click(screen.getByRole('button', { name: 'Validate mailboxes' }));
    const socket = page.lastSocket();
    expect(socket.url).toBe('ws://portal.test/portal/ws/mailbox-validation');
    expect(screen.getByText('0 of 3')).toBeInTheDocument();

    act(() => {
      socket.accept();
      socket.reply({ type: 'auth_ok' });
      socket.reply({
        type: 'check_result',
        data_dict: { email: 'a@acme.example', status: 'OK', message: '' },
      });
    });
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'stored-token' },
      {
        type: 'command',
        command: 'check_mailboxes',
        mailboxes: ['a@acme.example', 'b@acme.example', 'c@acme.example'],
      },
    ]);
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Validation progress' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
  });

  it('sends only the entries that are addresses; the red ones are refused without asking', async () => {
    const page = await enterAddresses('ann@acme.example not-an-address, bob@acme.example');
    await page.user.click(screen.getByRole('button', { name: 'Validate mailboxes' }));
    expect(screen.getByText('0 of 2')).toBeInTheDocument();
    answer(page.lastSocket(), [
      ['ann@acme.example', ''],
      ['bob@acme.example', ''],
    ]);
    expect(page.lastSocket().sent.at(-1)).toEqual({
      type: 'command',
      command: 'check_mailboxes',
      mailboxes: ['ann@acme.example', 'bob@acme.example'],
    });
    const invalid = await screen.findByRole('list', { name: 'Invalid mailboxes' });
    expect(within(invalid).getByRole('listitem')).toHaveTextContent(
      'not-an-address' + 'This is not a valid email address',
    );
    expect(screen.getByRole('button', { name: 'Add 2 mailboxes' })).toBeEnabled();
  });

  it('keeps Validate disabled while no entry is an address', async () => {
    await enterAddresses('not-an-address also.not');
    expect(screen.getByRole('button', { name: 'Validate mailboxes' })).toBeDisabled();
  });

  it('shows the reconnection, then re-sends only the addresses without a result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const page = await enterAddresses('a@acme.example b@acme.example');
    await page.user.click(screen.getByRole('button', { name: 'Validate mailboxes' }));
    answer(page.lastSocket(), [['a@acme.example', '']]);
    act(() => page.lastSocket().drop());
    expect(
      screen.getByText('Connection lost. Reconnecting (attempt 1 of 10)…'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 of 2')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(page.sockets).toHaveLength(2);
    answer(page.lastSocket(), [['b@acme.example', '']]);
    expect(page.lastSocket().sent.at(-1)).toEqual({
      type: 'command',
      command: 'check_mailboxes',
      mailboxes: ['b@acme.example'],
    });
    expect(await screen.findByRole('list', { name: 'Valid mailboxes' })).toHaveTextContent(
      'a@acme.example' + 'b@acme.example',
    );
    vi.useRealTimers();
  });

  it("shows the server's reason when it refuses", async () => {
    const page = await enterAddresses('a@acme.example');
    await page.user.click(screen.getByRole('button', { name: 'Validate mailboxes' }));
    act(() => {
      page.lastSocket().accept();
      page.lastSocket().reply({ type: 'error', message: 'Only admins can add mailboxes.' });
    });
    expect(screen.getByRole('heading', { name: 'Validation stopped' })).toBeInTheDocument();
    expect(screen.getByText('Only admins can add mailboxes.')).toBeInTheDocument();
    expect(page.lastSocket().closed).toBe(true);
  });
});
