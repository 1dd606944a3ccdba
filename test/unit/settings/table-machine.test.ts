import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { tableMachine } from '../../../src/machines/shared/table.machine';
import { selectedKeys } from '../../../src/machines/shared/table.view';
import type { TableRow } from '../../../src/machines/shared/table.view';

const row = (key: string, name: string, selectable = true): TableRow => ({
  key,
  selectable,
  text: `${key} ${name}`.toLowerCase(),
  sort: { name, email: key },
});

const ROWS = [row('max@x.io', 'Max'), row('ada@x.io', 'Ada', false), row('bea@x.io', 'bea')];

function table() {
  const actor = createActor(tableMachine).start();
  actor.send({ type: 'SET_ROWS', rows: ROWS });
  const visible = () => actor.getSnapshot().context.visible;
  return { actor, visible };
}

describe('table machine', () => {
  it('keeps the given order until a header is clicked, then toggles on the same header', () => {
    const { actor, visible } = table();
    expect(visible()).toEqual(['max@x.io', 'ada@x.io', 'bea@x.io']);
    actor.send({ type: 'SORT', column: 'name' });
    expect(visible()).toEqual(['ada@x.io', 'bea@x.io', 'max@x.io']);
    actor.send({ type: 'SORT', column: 'name' });
    expect(visible()).toEqual(['max@x.io', 'bea@x.io', 'ada@x.io']);
    expect(actor.getSnapshot().matches({ sort: 'descending' })).toBe(true);
    actor.send({ type: 'SORT', column: 'email' });
    expect(actor.getSnapshot().matches({ sort: 'ascending' })).toBe(true);
    expect(visible()).toEqual(['ada@x.io', 'bea@x.io', 'max@x.io']);
  });

  it('keeps the sort when new rows arrive', () => {
    const { actor, visible } = table();
    actor.send({ type: 'SORT', column: 'name' });
    actor.send({ type: 'SORT', column: 'name' });
    actor.send({ type: 'SET_ROWS', rows: [...ROWS, row('zoe@x.io', 'Zoe')] });
    expect(visible()[0]).toBe('zoe@x.io');
  });

  it('narrows and widens the rows as the query is typed and erased, in the sorted order', () => {
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
  });

  it('keeps a selection only while its row is in view', () => {
    const { actor } = table();
    actor.send({ type: 'TOGGLE_ALL' });
    const selected = () => selectedKeys(actor.getSnapshot().context);
    expect(selected()).toEqual(['max@x.io', 'bea@x.io']);
    actor.send({ type: 'SEARCH', query: 'bea' });
    expect(selected()).toEqual(['bea@x.io']);
    actor.send({ type: 'SEARCH', query: '' });
    expect(selected()).toEqual(['bea@x.io']);
    expect(actor.getSnapshot().matches({ selection: 'some' })).toBe(true);
  });

  it('searches case-insensitively in every field', () => {
    const { actor, visible } = table();
    actor.send({ type: 'SEARCH', query: '  BEA ' });
    expect(visible()).toEqual(['bea@x.io']);
    actor.send({ type: 'SEARCH', query: 'nobody' });
    expect(actor.getSnapshot().matches({ view: 'noMatches' })).toBe(true);
  });

  it('selects all the selectable rows in view, and toggles back to none', () => {
    const { actor } = table();
    actor.send({ type: 'TOGGLE_ALL' });
    expect(selectedKeys(actor.getSnapshot().context)).toEqual(['max@x.io', 'bea@x.io']);
    expect(actor.getSnapshot().matches({ selection: 'all' })).toBe(true);
    actor.send({ type: 'TOGGLE_ALL' });
    expect(actor.getSnapshot().matches({ selection: 'none' })).toBe(true);
  });

  it('never selects an unselectable row', () => {
    const { actor } = table();
    actor.send({ type: 'TOGGLE_ROW', key: 'ada@x.io' });
    expect(actor.getSnapshot().context.selected.size).toBe(0);
  });

  it('is partly selected with some rows, and all selected with the last one', () => {
    const { actor } = table();
    actor.send({ type: 'TOGGLE_ROW', key: 'max@x.io' });
    expect(actor.getSnapshot().matches({ selection: 'some' })).toBe(true);
    actor.send({ type: 'TOGGLE_ROW', key: 'bea@x.io' });
    expect(actor.getSnapshot().matches({ selection: 'all' })).toBe(true);
  });

  it('drops from the selection the rows a search hides', () => {
    const { actor } = table();
    actor.send({ type: 'TOGGLE_ALL' });
    actor.send({ type: 'SEARCH', query: 'max' });
    expect(selectedKeys(actor.getSnapshot().context)).toEqual(['max@x.io']);
  });

  it('clears the search and the selection on reset, and the selection after a delete', () => {
    const { actor, visible } = table();
    actor.send({ type: 'SEARCH', query: 'max' });
    actor.send({ type: 'TOGGLE_ALL' });
    actor.send({ type: 'RESET' });
    expect(visible()).toHaveLength(3);
    expect(actor.getSnapshot().context.selected.size).toBe(0);
    actor.send({ type: 'TOGGLE_ALL' });
    actor.send({ type: 'CLEAR_SELECTION' });
    expect(actor.getSnapshot().matches({ selection: 'none' })).toBe(true);
  });
});
