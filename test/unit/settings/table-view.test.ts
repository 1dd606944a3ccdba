import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { listStatus } from '../../../src/machines/shared/list-tab.view';
import { tableMachine } from '../../../src/machines/shared/table.machine';
import {
  selectAllBox,
  tableBody,
  tableSort,
  type TableRow,
} from '../../../src/machines/shared/table.view';

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

describe('table view', () => {
  it('shows the empty state, the rows, or no matches for a search', () => {
    expect(tableBody(table([]).getSnapshot())).toBe('empty');
    const actor = table([row('max@x.io'), row('bea@x.io')]);
    expect(tableBody(actor.getSnapshot())).toBe('rows');
    actor.send({ type: 'SEARCH', query: 'nobody' });
    expect(tableBody(actor.getSnapshot())).toBe('noMatches');
  });

  it('has no sorted column until a header is chosen, then its direction', () => {
    const actor = table([row('max@x.io'), row('bea@x.io')]);
    expect(tableSort(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'SORT', column: 'email' });
    expect(tableSort(actor.getSnapshot())).toEqual({ column: 'email', direction: 'ascending' });
    actor.send({ type: 'SORT', column: 'email' });
    expect(tableSort(actor.getSnapshot())).toEqual({ column: 'email', direction: 'descending' });
  });

  it('ticks select-all partly, then wholly; disables it when no row in view may be chosen', () => {
    const actor = table([row('max@x.io'), row('bea@x.io'), row('ada@x.io', false)]);
    expect(selectAllBox(actor.getSnapshot())).toBe('none');
    actor.send({ type: 'TOGGLE_ROW', key: 'max@x.io' });
    expect(selectAllBox(actor.getSnapshot())).toBe('some');
    actor.send({ type: 'TOGGLE_ROW', key: 'bea@x.io' });
    expect(selectAllBox(actor.getSnapshot())).toBe('all');
    actor.send({ type: 'SEARCH', query: 'ada' });
    expect(selectAllBox(actor.getSnapshot())).toBe('disabled');
  });
});

describe('list tab view', () => {
  const at = (state: 'loading' | 'failed' | 'ready') => ({
    matches: (name: 'failed' | 'ready') => name === state,
  });

  it('names where the list is', () => {
    expect(['loading', 'failed', 'ready'].map((s) => listStatus(at(s as 'ready')))).toEqual([
      'loading',
      'failed',
      'ready',
    ]);
  });
});
