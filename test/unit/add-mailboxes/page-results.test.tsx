import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataFromDay } from '../../../src/machines/add-mailboxes/add-mailboxes.context';
import { dismissAllToasts, getToasts } from '../../../src/stores/toast-store';
import { answer, enterAddresses, type renderAddMailboxes } from './support';

// The Add mailboxes page once every address is validated: the results, copying the invalid list,
// adding the valid mailboxes, and the data_from day they are added with. Entering and validating
// the addresses is in page-addresses.test.tsx.

afterEach(() => {
  act(() => dismissAllToasts());
  vi.restoreAllMocks();
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
