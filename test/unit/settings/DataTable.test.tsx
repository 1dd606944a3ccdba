import './resize-observer';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { tableMachine } from '../../../src/machines/shared/table.machine';
import type { TableRow } from '../../../src/machines/shared/table.view';
import { DataTable } from '../../../src/screens/table/DataTable';
import type { Column } from '../../../src/ui/table/table-types';

interface Person {
  email: string;
  name: string;
  locked?: boolean;
}

const COLUMNS: Column<Person>[] = [
  { id: 'name', header: 'Name', sortable: true, render: (p) => p.name },
  { id: 'email', header: 'Email', render: (p) => p.email },
];

const toRow = (p: Person): TableRow => ({
  key: p.email,
  selectable: !p.locked,
  text: `${p.name} ${p.email}`.toLowerCase(),
  sort: { name: p.name, email: p.email },
});

function renderTable(people: Person[], extra: { onRemove?: () => void; status?: 'failed' } = {}) {
  const table = createActor(tableMachine).start();
  table.send({ type: 'SET_ROWS', rows: people.map(toRow) });
  const items = new Map(people.map((p) => [p.email, p]));
  const onRetry = vi.fn<() => void>();
  render(
    <DataTable
      table={table}
      status={extra.status ?? 'ready'}
      onRetry={onRetry}
      label="People"
      columns={COLUMNS}
      items={items}
      rowName={(p) => p.email}
      selectable
      rowMenu={(p) => [
        { label: `Remove ${p.name}`, danger: true, onSelect: extra.onRemove ?? vi.fn() },
      ]}
      searchPlaceholder="Search people"
      bulkActions={(keys) => <button type="button">Remove {keys.length}</button>}
      emptyState={<p>Start by adding people</p>}
    />,
  );
  return { table, onRetry };
}

const PEOPLE: Person[] = [
  { email: 'max@x.io', name: 'Max' },
  { email: 'ada@x.io', name: 'Ada', locked: true },
  { email: 'bea@x.io', name: 'Bea' },
];

const bodyRows = () => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));

describe('DataTable', () => {
  it('sorts on a header click and toggles the direction on the next one', async () => {
    renderTable(PEOPLE);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRows().map((row) => row.dataset.rowKey)).toEqual([
      'ada@x.io',
      'bea@x.io',
      'max@x.io',
    ]);
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows()[0]).toHaveAttribute('data-row-key', 'max@x.io');
  });

  it('has a select-all box that is indeterminate for some rows, and skips locked rows', async () => {
    renderTable(PEOPLE);
    const all = screen.getByRole('checkbox', { name: 'Select all' });
    expect(screen.getByRole('checkbox', { name: 'Select ada@x.io' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select max@x.io' }));
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await userEvent.click(all);
    expect(all).toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove 2' })).toBeInTheDocument();
    await userEvent.click(all);
    expect(all).not.toBeChecked();
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
  });

  it('says when a search matches nothing, and Clear search brings the rows back', async () => {
    renderTable(PEOPLE);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'zzz');
    expect(
      screen.getByRole('heading', { name: 'No mailboxes, users or teams found' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(bodyRows()).toHaveLength(3);
  });

  it('opens a row menu with the keyboard and runs its item', async () => {
    const onRemove = vi.fn<() => void>();
    renderTable(PEOPLE, { onRemove });
    const button = screen.getByRole('button', { name: 'Actions for bea@x.io' });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const item = screen.getByRole('menuitem', { name: 'Remove Bea' });
    expect(item).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onRemove).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes the row menu on Escape', async () => {
    renderTable(PEOPLE);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for max@x.io' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows the empty state without rows', async () => {
    renderTable([]);
    expect(screen.getByText('Start by adding people')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('shows Something went wrong when the list failed to load', async () => {
    const { onRetry } = renderTable(PEOPLE, { status: 'failed' });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh page' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('renders only the rows in view of 5,000', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      email: `user${String(i).padStart(4, '0')}@x.io`,
      name: `User ${i}`,
    }));
    renderTable(many);
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-rowcount', '5001');
    expect(bodyRows().length).toBeLessThan(40);
  });
});
