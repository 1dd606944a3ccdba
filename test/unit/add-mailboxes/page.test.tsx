import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataFromDay } from '../../../src/machines/add-mailboxes/add-mailboxes.context';
import { dismissAllToasts, getToasts } from '../../../src/stores/toast-store';
import { renderAddMailboxes, type FakeSocket } from './support';

const LIMIT_TEXT = (n: number, m: number) =>
  `You're trying to add ${n} mailboxes, but you only have ${m} slots remaining. Remove some mailboxes or contact your Customer Success Manager to increase your limit.`;

afterEach(() => {
  act(() => dismissAllToasts());
  vi.restoreAllMocks();
});

async function enterAddresses(
  text: string,
  options: Parameters<typeof renderAddMailboxes>[0] = {},
) {
  const page = renderAddMailboxes(options);
  const box = await screen.findByRole('textbox', { name: 'Mailbox addresses' });
  await page.user.click(box);
  await page.user.paste(text);
  return page;
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Addresses to validate' })).getAllByRole('listitem');

/** Signs the fake socket in and answers each address, as the server would. */
function answer(socket: FakeSocket, results: [string, string][]) {
  act(() => {
    socket.accept();
    socket.reply({ type: 'auth_ok' });
    for (const [email, message] of results) {
      const status = message === '' ? 'OK' : 'ERROR';
      socket.reply({ type: 'check_result', data_dict: { email, status, message } });
    }
  });
}

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

describe('results', () => {
  async function results(options: Parameters<typeof renderAddMailboxes>[0] = {}, historic = false) {
    const page = await enterAddresses(
      'ann@acme.example nobody@acme.example x@other.example',
      options,
    );
    if (historic)
      await page.user.click(screen.getByRole('switch', { name: 'Include historic data' }));
    await page.user.click(screen.getByRole('button', { name: 'Validate mailboxes' }));
    answer(page.lastSocket(), [
      ['ann@acme.example', ''],
      ['nobody@acme.example', "We couldn't find this mailbox in your Google Workspace"],
      ['x@other.example', "The domain other.example is not one of your company's domains"],
    ]);
    return page;
  }

  it('lists the valid mailboxes, and the invalid ones with their messages', async () => {
    await results();
    const valid = screen.getByRole('list', { name: 'Valid mailboxes' });
    expect(
      within(valid)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ann@acme.example']);
    const invalid = screen.getByRole('list', { name: 'Invalid mailboxes' });
    expect(
      within(invalid)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "nobody@acme.exampleWe couldn't find this mailbox in your Google Workspace",
      "x@other.exampleThe domain other.example is not one of your company's domains",
    ]);
  });

  it('copies the invalid list', async () => {
    const page = await results();
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    await page.user.click(screen.getByRole('button', { name: 'Copy list' }));
    expect(write).toHaveBeenCalledWith('nobody@acme.example\nx@other.example');
  });

  it('alerts Error copying the list when the clipboard refuses', async () => {
    const page = await results();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await page.user.click(screen.getByRole('button', { name: 'Copy list' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error copying the list'));
  });

  it('adds the valid mailboxes with data_from, toasts for 10 s and goes back', async () => {
    const page = await results({}, true);
    await page.user.click(screen.getByRole('button', { name: 'Add 1 mailbox' }));
    await waitFor(() => expect(page.goBack).toHaveBeenCalled());
    expect(page.posts).toEqual([
      { emails: ['ann@acme.example'], data_from: dataFromDay(true, new Date()) },
    ]);
    expect(
      screen.getByText('Mailbox added', { exact: true, selector: '.toast-title' }),
    ).toBeVisible();
    expect(getToasts()).toEqual([
      expect.objectContaining({ title: 'Mailbox added', variant: 'success', duration: 10_000 }),
    ]);
    expect(
      screen.getByText(
        'This change will be reflected in your dashboard tomorrow at 00:01 local time.',
        {
          selector: '.toast-description',
        },
      ),
    ).toBeVisible();
  });

  it('Back to addresses goes back to the addresses and closes the connection', async () => {
    const page = await results();
    await page.user.click(screen.getByRole('button', { name: 'Back to addresses' }));
    expect(screen.getByRole('textbox', { name: 'Mailbox addresses' })).toHaveValue(
      'ann@acme.example nobody@acme.example x@other.example',
    );
    expect(page.lastSocket().closed).toBe(true);
  });

  it("shows the server's message when adding fails, and stays on the results", async () => {
    const page = await results({
      createReply: () =>
        new Response(
          JSON.stringify({
            error: 'bad_request',
            message: 'These mailboxes are already tracked: ann@acme.example.',
          }),
          { status: 400 },
        ),
    });
    await page.user.click(screen.getByRole('button', { name: 'Add 1 mailbox' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'These mailboxes are already tracked: ann@acme.example.',
    );
    expect(page.goBack).not.toHaveBeenCalled();
  });
});

describe('the data_from day', () => {
  it('is today, or two years back with historic data', () => {
    const today = new Date(2025, 2, 9);
    expect(dataFromDay(false, today)).toBe('2025-03-09');
    expect(dataFromDay(true, today)).toBe('2023-03-09');
  });
});
