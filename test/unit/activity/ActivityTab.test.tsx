import type { AuditPage } from '../../../src/api/types';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ActivitySearch } from '../../../src/domain/activity-search';
import { createAuditMachine } from '../../../src/machines/audit/audit.machine';
import { ActivityTab } from '../../../src/routes/_shell/settings/-components/activity/ActivityTab';
import { cliEntry, makeAuditPage, makeEntry } from '../../support/audit-fixtures';
import { fakeApi, type FakeReply, type RecordedCall } from '../support/fake-api';
import { renderTab } from '../settings/render-tab';

// Settings → Activity on a stand-in API: what a row says, opening it to its before and after,
// the filters that become the URL's search, paging, the empty and failure states, the export.

const LIST = '/portal/api/audit/';
const ENTRIES = [makeEntry(12), cliEntry];

interface Options {
  search?: ActivitySearch;
  list?: (call: RecordedCall) => FakeReply;
  exportReply?: FakeReply;
}

async function renderActivity({ search = {}, list, exportReply }: Options = {}) {
  const api = fakeApi({
    [`GET ${LIST}`]: list ?? (() => ({ body: makeAuditPage(ENTRIES, 1, 2) })),
    'GET /portal/api/audit/export.csv': exportReply ?? { body: 'time\n' },
  });
  const machine = createAuditMachine(api.client);
  const searches: ActivitySearch[] = [];
  function Harness() {
    const [current, setCurrent] = useState(search);
    const onSearch = (next: ActivitySearch) => {
      searches.push(next);
      setCurrent(next);
    };
    return <ActivityTab machine={machine} search={current} onSearch={onSearch} />;
  }
  await renderTab(<Harness />);
  return { api, searches };
}

/** The open button of the team edit's row, once the rows show. */
const findTeamEdit = () => screen.findByRole('button', { name: /^Details of Edited a team/ });
const rows = () => within(screen.getByRole('table', { name: 'Activity' })).getAllByRole('row');
const rowOf = (text: string) =>
  rows().find((row) => row.textContent?.includes(text)) ?? expect.fail(`no row with ${text}`);

describe('the Activity tab', () => {
  it('lists time in the company’s zone, actor, operation with its id, target and where from', async () => {
    await renderActivity();
    const row = (await findTeamEdit()).closest('tr');
    if (!row) throw new Error('no row');
    expect(screen.getByRole('columnheader', { name: /Time \(Europe\/Madrid\)/ })).toBeVisible();
    expect(row).toHaveTextContent('Mar 05, 2026');
    expect(row).toHaveTextContent('15:05:09');
    expect(row).toHaveTextContent('ada.admin@acme.example');
    expect(row).toHaveTextContent('updateTeam');
    expect(row).toHaveTextContent('Support');
    expect(row).toHaveTextContent('203.0.113.7');
    expect(within(row).getByText('Chrome on macOS').parentElement).toHaveAttribute(
      'title',
      expect.stringContaining('Mozilla/5.0 (Macintosh'),
    );
    expect(within(rowOf('limits:set')).getByText('root')).toBeInTheDocument();
    expect(within(rowOf('limits:set')).getByText('CLI')).toBeInTheDocument();
    expect(rowOf('limits:set')).toHaveTextContent('CLI: limits set');
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('opens a row to its before and after with a real button, by mouse and by keyboard', async () => {
    await renderActivity();
    const open = await screen.findByRole('button', { name: /^Details of Edited a team/ });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const diff = screen.getByRole('table', { name: 'Changes of Edited a team' });
    expect(open).toHaveAttribute('aria-controls', diff.closest('tr')?.id);
    const name = within(diff).getByRole('rowheader', { name: 'Name' }).closest('tr');
    expect(name).toHaveTextContent('NameSupportCustomer Support');
    expect(
      within(diff).getByRole('rowheader', { name: 'Members' }).closest('tr'),
    ).toHaveTextContent('billing@acme.example, info@acme.example');

    const cli = screen.getByRole('button', { name: /^Details of CLI: limits set/ });
    cli.focus();
    await userEvent.keyboard('{Enter}');
    const secrets = within(screen.getByRole('table', { name: 'Changes of CLI: limits set' }));
    expect(secrets.getAllByText('[secret]')).toHaveLength(2);
    await userEvent.keyboard(' ');
    expect(cli).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Changes of CLI: limits set' })).toBeNull();
  });

  it('turns the filters into the URL’s search, back to the first page, and asks for them', async () => {
    const { api, searches } = await renderActivity({ search: { page: 2 } });
    await findTeamEdit();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Operation' }),
      'createTeam',
    );
    expect(searches.at(-1)).toEqual(expect.objectContaining({ operation: 'createTeam' }));
    expect(searches.at(-1)?.page).toBeUndefined();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Actor' }), 'ada{Enter}');
    expect(searches.at(-1)).toMatchObject({ operation: 'createTeam', actor: 'ada' });
    const last = api.callsTo('GET', LIST).at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      operation: 'createTeam',
      actor: 'ada',
      page: '1',
      page_size: '50',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(searches.at(-1)).toEqual({
      from: undefined,
      to: undefined,
      actor: undefined,
      operation: undefined,
      target: undefined,
      page: undefined,
    });
  });

  it('pages through the URL', async () => {
    const page = (n: number): AuditPage => makeAuditPage([makeEntry(200 - n)], n, 120);
    const { searches } = await renderActivity({
      list: (call) => ({ body: page(Number(call.query.get('page'))) }),
    });
    await screen.findByText('1–1 of 120');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(searches.at(-1)?.page).toBe(2);
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('says when there is no activity yet', async () => {
    await renderActivity({ list: () => ({ body: makeAuditPage([]) }) });
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
  });

  it('offers Clear filters when the filters match nothing', async () => {
    const { searches } = await renderActivity({
      search: { operation: 'deleteTeams' },
      list: () => ({ body: makeAuditPage([]) }),
    });
    const empty = await screen.findByRole('heading', { name: 'No activity matches these filters' });
    await userEvent.click(within(empty.closest('section') as HTMLElement).getByRole('button'));
    expect(searches.at(-1)?.operation).toBeUndefined();
  });

  it('shows Something went wrong on a failed load, and Refresh page asks again', async () => {
    let fail = true;
    const { api } = await renderActivity({
      list: () =>
        fail
          ? { status: 500, body: { error: 'server', message: 'boom' } }
          : { body: makeAuditPage(ENTRIES) },
    });
    await screen.findByRole('heading', { name: 'Something went wrong' });
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh page' }));
    expect(await findTeamEdit()).toBeInTheDocument();
    expect(api.callsTo('GET', LIST)).toHaveLength(2);
  });

  it('toasts a failed export', async () => {
    await renderActivity({
      exportReply: { status: 403, body: { error: 'forbidden', message: 'Admins only.' } },
    });
    await findTeamEdit();
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Export CSV' })));
    expect(await screen.findByText("We couldn't export the activity")).toBeInTheDocument();
  });
});
