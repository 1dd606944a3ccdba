import { describe } from 'vitest';
import { createActor } from 'xstate';
import { tableMachine, type TableEvent } from '../../src/machines/shared/table.machine';
import type { TableRow } from '../../src/machines/shared/table.view';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';

type TableTestActor = ReturnType<typeof start>['actor'];

const row = (key: string, name: string, selectable = true): TableRow => ({
  key,
  selectable,
  text: `${key} ${name}`.toLowerCase(),
  sort: { name, email: key },
});

/** Ada is the signed-in user: her row cannot be selected. */
const ROWS = [
  row('max@acme.example', 'Max'),
  row('ada@acme.example', 'Ada', false),
  row('bea@acme.example', 'Bea'),
];

function start() {
  return {
    actor: createActor(tableMachine).start(),
    actors: new ControlledActors(),
    clock: new SimulatedClock(),
  };
}

const executors = {
  SET_ROWS: (actor, event) => actor.send(event),
  SEARCH: (actor, event) => actor.send(event),
  SORT: (actor, event) => actor.send(event),
  TOGGLE_ROW: (actor, event) => actor.send(event),
  TOGGLE_ALL: (actor, event) => actor.send(event),
  CLEAR_SELECTION: (actor, event) => actor.send(event),
  RESET: (actor, event) => actor.send(event),
} satisfies Executors<TableTestActor, TableEvent>;

const label = (event: { type: string } & Partial<Record<string, unknown>>) => {
  if (event.type === 'SET_ROWS') return `SET_ROWS(${(event.rows as TableRow[]).length})`;
  if (event.type === 'SEARCH') return `SEARCH("${String(event.query)}")`;
  if (event.type === 'SORT') return `SORT(${String(event.column)})`;
  if (event.type === 'TOGGLE_ROW') return `TOGGLE_ROW(${String(event.key)})`;
  return event.type;
};

describe('table machine paths', () => {
  describePathTests({
    machine: tableMachine,
    events: [
      { type: 'SET_ROWS', rows: ROWS },
      { type: 'SET_ROWS', rows: [] },
      { type: 'SEARCH', query: 'bea' },
      { type: 'SEARCH', query: 'nobody' },
      { type: 'SORT', column: 'name' },
      { type: 'SORT', column: 'email' },
      { type: 'TOGGLE_ROW', key: 'max@acme.example' },
      { type: 'TOGGLE_ROW', key: 'ada@acme.example' },
      { type: 'TOGGLE_ALL' },
      { type: 'CLEAR_SELECTION' },
      { type: 'RESET' },
    ],
    label,
    start,
    executors,
    // A search typed before the rows arrive: rows then come straight to "no matches".
    contextKey: (context) => ({ query: context.query }),
  });
});
