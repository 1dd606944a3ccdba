import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loadStatus } from '../../../src/machines/shared/load-status.view';
import { tableMachine } from '../../../src/machines/shared/table.machine';
import { selectedKeys, tableView, type TableRow } from '../../../src/machines/shared/table.view';

const row = (key: string, selectable = true): TableRow => ({
  key,
  selectable,
  text: key,
  sort: { email: key },
});

function table(rows: TableRow[]) {
  const actor = createActor(tableMachine).start();
  actor.send({ type: 'SET_ROWS', rows });
  return actor;
}

const viewOf = (actor: ReturnType<typeof table>) => tableView(actor.getSnapshot());

describe('table view', () => {
  it('shows the empty state, the rows, or no matches for a search', () => {
    expect(viewOf(table([])).body).toBe('empty');
    const actor = table([row('max@x.io'), row('bea@x.io')]);
    expect(viewOf(actor)).toMatchObject({ body: 'rows', query: '' });
    actor.send({ type: 'SEARCH', query: 'nobody' });
    expect(viewOf(actor)).toMatchObject({ body: 'noMatches', query: 'nobody', visible: [] });
  });

  it('has no sorted column until a header is chosen, then its direction', () => {
    const actor = table([row('max@x.io'), row('bea@x.io')]);
    expect(viewOf(actor)).toMatchObject({ sortColumn: null, sortDirection: null });
    actor.send({ type: 'SORT', column: 'email' });
    expect(viewOf(actor)).toMatchObject({ sortColumn: 'email', sortDirection: 'ascending' });
    expect(viewOf(actor).visible).toEqual(['bea@x.io', 'max@x.io']);
    actor.send({ type: 'SORT', column: 'email' });
    expect(viewOf(actor)).toMatchObject({ sortColumn: 'email', sortDirection: 'descending' });
  });

  it('ticks select-all partly, then wholly; disables it when no row in view may be chosen', () => {
    const actor = table([row('max@x.io'), row('bea@x.io'), row('ada@x.io', false)]);
    expect(viewOf(actor).selectAll).toBe('none');
    expect([...viewOf(actor).locked]).toEqual(['ada@x.io']);
    actor.send({ type: 'TOGGLE_ROW', key: 'bea@x.io' });
    expect(viewOf(actor).selectAll).toBe('some');
    actor.send({ type: 'TOGGLE_ROW', key: 'max@x.io' });
    expect(viewOf(actor).selectAll).toBe('all');
    expect(selectedKeys(viewOf(actor))).toEqual(['max@x.io', 'bea@x.io']);
    actor.send({ type: 'SEARCH', query: 'ada' });
    expect(viewOf(actor).selectAll).toBe('disabled');
  });
});

describe('load status', () => {
  const at = (state: 'loading' | 'failed' | 'ready' | 'saving') => ({
    matches: (name: 'failed' | 'loading') => name === state,
  });

  it('names where the data is; a save keeps the data shown', () => {
    expect(
      (['loading', 'failed', 'ready', 'saving'] as const).map((s) => loadStatus(at(s))),
    ).toEqual(['loading', 'failed', 'ready', 'ready']);
  });
});
