import type { FilteringSettingsReply } from '../../src/api/types';
import { beforeEach, describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { emptyExcludedFilters, type ExcludedFilters } from '../../common/exclusions';
import { ApiFailure } from '../../src/api/errors';
import { createExclusionsMachine } from '../../src/machines/metric-adjustments/exclusions.machine';
import { exclusionsView } from '../../src/machines/metric-adjustments/metric-adjustments.view';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// The Exclude Emails block: the rows it shows, when Save is offered, and what a save tells.

const checks = transitionChecks();
const exclusions = createExclusionsMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const replyWith = (filters: ExcludedFilters): FilteringSettingsReply => ({
  filtering_settings: { excluded_filters: filters, internal_domains: [] },
  client_domains: { default_domains: ['acme.example'] },
});
const STORED = replyWith({
  ...emptyExcludedFilters(),
  domains: { is: ['newsletter.example'], contains: [] },
});

async function start(save: (filters: ExcludedFilters) => Promise<FilteringSettingsReply>) {
  const replies = [STORED];
  const sent: ExcludedFilters[] = [];
  const machine = exclusions.provide({
    actors: {
      loadFilteringSettings: fromPromise<FilteringSettingsReply>(async () => replies.at(-1)!),
      saveExclusions: fromPromise<FilteringSettingsReply, ExcludedFilters>(async ({ input }) => {
        sent.push(input);
        const reply = await save(input);
        replies.push(reply);
        return reply;
      }),
    },
  });
  const actor = createActor(machine, { input: { provider: 'G' } }).start();
  await flush();
  return { actor, sent, view: () => exclusionsView(actor.getSnapshot()) };
}

const toasts = () => getToasts().map(({ title, description }) => ({ title, description }));

beforeEach(() => dismissAllToasts());

describe('Exclude Emails', () => {
  checks.it(
    exclusions,
    ['assignReply', 'addRow', 'editRows', 'hasIncompleteRow'],
    'shows the stored rows; a new row keeps Save off until it holds an entry',
    async () => {
      const { actor, view } = await start((filters) => Promise.resolve(replyWith(filters)));
      expect(view()).toMatchObject({ status: 'ready', canSave: false });
      expect(view().rows).toEqual([
        {
          id: 1,
          field: 'domains',
          operator: 'is',
          items: [{ item: 'newsletter.example', valid: true }],
        },
      ]);
      actor.send({ type: 'ADD_ROW' });
      expect(view().rows.at(-1)).toEqual({ id: 2, field: 'addresses', operator: 'is', items: [] });
      expect(view().canSave).toBe(false);
      actor.send({ type: 'SET_FIELD', id: 2, field: 'subject' });
      actor.send({ type: 'SET_OPERATOR', id: 2, operator: 'contains' });
      actor.send({ type: 'ADD_ITEMS', id: 2, items: ['Out of office'] });
      expect(view().canSave).toBe(true);
      actor.send({ type: 'REMOVE_ITEM', id: 2, item: 'Out of office' });
      expect(view().canSave).toBe(false);
      actor.send({ type: 'REMOVE_ROW', id: 2 });
      expect(view().rows.map((row) => row.id)).toEqual([1]);
      expect(view().canSave).toBe(true);
    },
  );

  checks.it(
    exclusions,
    ['notifySaved', 'assignReply'],
    "Save sends the lists, toasts, and shows the rows read again in the selector's order",
    async () => {
      const { actor, sent, view } = await start((filters) => Promise.resolve(replyWith(filters)));
      actor.send({ type: 'ADD_ROW' });
      actor.send({ type: 'ADD_ITEMS', id: 2, items: ['noreply@shop.example'] });
      actor.send({ type: 'SAVE' });
      expect(view()).toMatchObject({ saving: true, busy: true });
      await flush();
      expect(sent[0]?.addresses.is).toEqual(['noreply@shop.example']);
      expect(sent[0]?.domains.is).toEqual(['newsletter.example']);
      expect(toasts().map((toast) => toast.title)).toEqual(['New exclusions condition saved']);
      expect(view()).toMatchObject({ busy: false, canSave: false });
      expect(view().rows.map((row) => row.field)).toEqual(['addresses', 'domains']);
    },
  );

  checks.it(
    exclusions,
    ['notifySaveFailed'],
    "a refusal toasts the server's sentence and keeps the rows to save again",
    async () => {
      const refusal = new ApiFailure({ kind: 'invalid', message: 'Too many entries.' });
      const { actor, view } = await start(() => Promise.reject(refusal));
      actor.send({ type: 'REMOVE_ROW', id: 1 });
      actor.send({ type: 'SAVE' });
      await flush();
      expect(toasts()).toEqual([
        { title: "We couldn't save your exclusion conditions", description: 'Too many entries.' },
      ]);
      expect(view()).toMatchObject({ rows: [], canSave: true });
    },
  );
});

checks.keep();
