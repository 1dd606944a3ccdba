import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import { tableMachine } from '../../src/machines/shared/table.machine';
import { selectedKeys, tableView, type TableRow } from '../../src/machines/shared/table.view';
import { transitionChecks } from './support/checks';

// The list table every settings tab shows: sort, search and selection, as its view reports them
// to the screen (the order of the rows, the body shown, the select-all box).

const checks = transitionChecks();

const row = (key: string, name: string, selectable = true): TableRow => ({
  key,
  selectable,
  text: `${key} ${name}`.toLowerCase(),
  sort: { name, email: key },
});

/** Ada is the signed-in user: her row cannot be selected. */
const ROWS = [row('max@x.io', 'Max'), row('ada@x.io', 'Ada', false), row('bea@x.io', 'bea')];

function table(rows: TableRow[] = ROWS) {
  const actor = createActor(tableMachine).start();
  actor.send({ type: 'SET_ROWS', rows });
  const view = () => tableView(actor.getSnapshot());
  const visible = () => view().visible;
  const selected = () => selectedKeys(view());
  return { actor, view, visible, selected };
}

describe('table: sorting', () => {
  checks.it(
    tableMachine,
    ['assignRows', 'assignSort', 'isSortedColumn'],
    'keeps the given order until a header is clicked, then toggles on the same header',
    () => {
      const { actor, view, visible } = table();
      expect(view()).toMatchObject({ sortColumn: null, sortDirection: null });
      expect(visible()).toEqual(['max@x.io', 'ada@x.io', 'bea@x.io']);
      actor.send({ type: 'SORT', column: 'name' });
      expect(view()).toMatchObject({ sortColumn: 'name', sortDirection: 'ascending' });
      expect(visible()).toEqual(['ada@x.io', 'bea@x.io', 'max@x.io']);
      actor.send({ type: 'SORT', column: 'name' });
      expect(view()).toMatchObject({ sortColumn: 'name', sortDirection: 'descending' });
      expect(visible()).toEqual(['max@x.io', 'bea@x.io', 'ada@x.io']);
      actor.send({ type: 'SORT', column: 'email' });
      expect(view()).toMatchObject({ sortColumn: 'email', sortDirection: 'ascending' });
      expect(visible()).toEqual(['ada@x.io', 'bea@x.io', 'max@x.io']);
    },
  );

  checks.it(tableMachine, ['assignRows'], 'keeps the sort when new rows arrive', () => {
    const { actor, visible } = table();
    actor.send({ type: 'SORT', column: 'name' });
    actor.send({ type: 'SORT', column: 'name' });
    actor.send({ type: 'SET_ROWS', rows: [...ROWS, row('zoe@x.io', 'Zoe')] });
    expect(visible()).toEqual(['zoe@x.io', 'max@x.io', 'bea@x.io', 'ada@x.io']);
  });
});

describe('table: searching', () => {
  checks.it(
    tableMachine,
    ['assignQuery'],
    'narrows and widens the rows as the query is typed and erased, in the sorted order',
    () => {
      const { actor, visible } = table();
      actor.send({ type: 'SORT', column: 'name' });
      const typed = ['a', 'a@', 'ax', 'a', 'e', 'ea', ''];
      const seen = typed.map((query) => {
        actor.send({ type: 'SEARCH', query });
        return visible();
      });
      expect(seen).toEqual([
        ['ada@x.io', 'bea@x.io', 'max@x.io'],
        ['ada@x.io', 'bea@x.io'],
        ['max@x.io'],
        ['ada@x.io', 'bea@x.io', 'max@x.io'],
        ['bea@x.io'],
        ['bea@x.io'],
        ['ada@x.io', 'bea@x.io', 'max@x.io'],
      ]);
    },
  );

  checks.it(
    tableMachine,
    ['assignQuery', 'hasNoMatches', 'hasRowsInView', 'isEmpty'],
    'shows the rows, no matches for a search that finds none (case and spaces aside), or the empty state',
    () => {
      expect(table([]).view().body).toBe('empty');
      const { actor, view } = table();
      expect(view().body).toBe('rows');
      actor.send({ type: 'SEARCH', query: '  BEA ' });
      expect(view()).toMatchObject({ body: 'rows', visible: ['bea@x.io'] });
      actor.send({ type: 'SEARCH', query: 'nobody' });
      expect(view()).toMatchObject({ body: 'noMatches', query: 'nobody', visible: [] });
      actor.send({ type: 'SEARCH', query: '' });
      expect(view().body).toBe('rows');
      actor.send({ type: 'SET_ROWS', rows: [] });
      expect(view().body).toBe('empty');
    },
  );

  checks.it(
    tableMachine,
    ['clearQuery', 'clearSelection'],
    'Clear search brings every row back and drops the selection',
    () => {
      const { actor, view, visible } = table();
      actor.send({ type: 'SEARCH', query: 'max' });
      actor.send({ type: 'TOGGLE_ALL' });
      actor.send({ type: 'RESET' });
      expect(visible()).toEqual(['max@x.io', 'ada@x.io', 'bea@x.io']);
      expect(view()).toMatchObject({ query: '', selectAll: 'none' });
      expect(view().selected.size).toBe(0);
    },
  );
});

describe('table: selecting', () => {
  checks.it(
    tableMachine,
    ['toggleRow', 'isSelectable', 'isSomeSelected', 'isAllSelected', 'isNoneSelected'],
    'ticks select-all partly with some rows, wholly with the last, and off again; never an unselectable row',
    () => {
      const { actor, view, selected } = table();
      actor.send({ type: 'TOGGLE_ROW', key: 'ada@x.io' });
      expect(selected()).toEqual([]);
      expect(view().selectAll).toBe('none');
      actor.send({ type: 'TOGGLE_ROW', key: 'max@x.io' });
      expect(view().selectAll).toBe('some');
      actor.send({ type: 'TOGGLE_ROW', key: 'bea@x.io' });
      expect(view().selectAll).toBe('all');
      expect(selected()).toEqual(['max@x.io', 'bea@x.io']);
      actor.send({ type: 'TOGGLE_ROW', key: 'max@x.io' });
      expect(view().selectAll).toBe('some');
      actor.send({ type: 'TOGGLE_ROW', key: 'bea@x.io' });
      expect(view().selectAll).toBe('none');
    },
  );

  checks.it(
    tableMachine,
    ['selectAll', 'clearSelection', 'isAllSelected'],
    'select-all ticks every selectable row in view, and again ticks none',
    () => {
      const { actor, view, selected } = table();
      actor.send({ type: 'TOGGLE_ALL' });
      expect(selected()).toEqual(['max@x.io', 'bea@x.io']);
      expect(view().selectAll).toBe('all');
      actor.send({ type: 'TOGGLE_ALL' });
      expect(selected()).toEqual([]);
      expect(view().selectAll).toBe('none');
      actor.send({ type: 'SEARCH', query: 'bea' });
      actor.send({ type: 'TOGGLE_ALL' });
      expect(selected()).toEqual(['bea@x.io']);
      actor.send({ type: 'SEARCH', query: 'ada' });
      expect(view().selectAll).toBe('disabled');
    },
  );

  checks.it(
    tableMachine,
    ['assignQuery'],
    'keeps a selection only while its row is in view',
    () => {
      const { actor, view, selected } = table();
      actor.send({ type: 'TOGGLE_ALL' });
      actor.send({ type: 'SEARCH', query: 'bea' });
      expect(selected()).toEqual(['bea@x.io']);
      actor.send({ type: 'SEARCH', query: '' });
      expect(selected()).toEqual(['bea@x.io']);
      expect(view().selectAll).toBe('some');
    },
  );

  checks.it(
    tableMachine,
    ['clearSelection'],
    'drops the selection when the screen clears it (after a removal)',
    () => {
      const { actor, view } = table();
      actor.send({ type: 'TOGGLE_ALL' });
      actor.send({ type: 'CLEAR_SELECTION' });
      expect(view().selectAll).toBe('none');
      expect(view().selected.size).toBe(0);
    },
  );
});

checks.keep();
