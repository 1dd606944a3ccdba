import type { StatsUnrepliedPage } from '../../src/api/types';
import { afterEach, describe, expect } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { ClosureInput } from '../../src/machines/mark-done/mark-done.actors';
import {
  createMarkDoneMachine,
  UNDO_WINDOW_MS,
} from '../../src/machines/mark-done/mark-done.machine';
import { markDoneView } from '../../src/machines/mark-done/mark-done.view';
import type { UnrepliedRequest } from '../../src/machines/native-dashboard/native-dashboard.actors';
import { createUnrepliedMachine } from '../../src/machines/native-dashboard/unreplied.machine';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { unrepliedPage } from '../support/native-dashboard-fixtures';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

afterEach(() => dismissAllToasts());
const checks = transitionChecks();
const machine = createMarkDoneMachine(offlineClient);
const failure = new ApiFailure({
  kind: 'not_found',
  message: 'id: no waiting request with this id among your mailboxes.',
});

/** The list (counting its loads) and the machine, whose calls answer as `answers` says. */
async function started(answers: { close?: Error; reopen?: Error } = {}) {
  const loads: UnrepliedRequest[] = [];
  const list = createActor(
    createUnrepliedMachine(offlineClient).provide({
      actors: {
        loadUnreplied: fromPromise<StatsUnrepliedPage, UnrepliedRequest>(async ({ input }) => {
          loads.push(input);
          return unrepliedPage;
        }),
      },
    }),
  ).start();
  list.send({ type: 'SHOW', query: { from: '2026-11-01', to: '2026-11-30', target: 7200 } });
  await waitFor(list, (snapshot) => snapshot.matches('ready'));
  const calls: string[] = [];
  const call = (name: string, error?: Error) =>
    fromPromise<unknown, ClosureInput>(async ({ input }) => {
      calls.push(`${name} ${input.id}`);
      if (error) throw error;
      return undefined;
    });
  const clock = new SimulatedClock();
  const actor = createActor(
    machine.provide({
      actors: {
        closeRequest: call('close', answers.close),
        reopenRequest: call('reopen', answers.reopen),
      },
    }),
    { input: { list }, clock },
  ).start();
  return { actor, list, loads, calls, clock };
}

const titles = () => getToasts().map((item) => [item.title, item.action?.label ?? null]);

describe('mark as done', () => {
  checks.it(
    machine,
    ['assignId', 'reloadList', 'showUndoToast'],
    'closes the request, reloads the list and offers Undo in a toast',
    async () => {
      const { actor, loads, calls } = await started();
      actor.send({ type: 'MARK_DONE', id: '3-41' });
      expect(markDoneView(actor.getSnapshot())).toEqual({ busy: true, busyId: '3-41' });
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      expect(calls).toEqual(['close 3-41']);
      expect(loads).toHaveLength(2);
      expect(titles()).toEqual([['Marked as done', 'Undo']]);
      expect(markDoneView(actor.getSnapshot())).toEqual({ busy: false, busyId: null });
    },
  );

  checks.it(
    machine,
    ['notifyReopened'],
    'Undo in the toast reopens the request and reloads the list',
    async () => {
      const { actor, loads, calls } = await started();
      actor.send({ type: 'MARK_DONE', id: '3-41' });
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      getToasts()[0]?.action?.onAction();
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      expect(calls).toEqual(['close 3-41', 'reopen 3-41']);
      expect(loads).toHaveLength(3);
      expect(titles()).toContainEqual(['The email waits for a reply again', null]);
    },
  );

  checks.it(
    machine,
    [],
    "each toast's Undo reopens its own request, however long the toast was held",
    async () => {
      const { actor, calls, clock } = await started();
      actor.send({ type: 'MARK_DONE', id: '3-41' });
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      actor.send({ type: 'MARK_DONE', id: '3-42' });
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      // The user held the first toast (pointer or focus on it) past its duration.
      clock.increment(UNDO_WINDOW_MS * 3);
      getToasts()[0]?.action?.onAction();
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      expect(calls).toEqual(['close 3-41', 'close 3-42', 'reopen 3-41']);
    },
  );

  checks.it(
    machine,
    ['notifyFailed'],
    'a refused close says why, and the list shows it as it is',
    async () => {
      const { actor, loads } = await started({ close: failure });
      actor.send({ type: 'MARK_DONE', id: '3-41' });
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      expect(loads).toHaveLength(2);
      expect(getToasts().map((item) => [item.title, item.description])).toEqual([
        ['Could not mark it as done', failure.error.message],
      ]);
    },
  );

  checks.keep();
});
