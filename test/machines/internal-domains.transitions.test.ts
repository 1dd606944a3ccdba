import type { FilteringSettingsReply } from '../../src/api/types';
import { beforeEach, describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { emptyExcludedFilters } from '../../common/exclusions';
import { ApiFailure } from '../../src/api/errors';
import { createInternalDomainsMachine } from '../../src/machines/metric-adjustments/internal-domains.machine';
import { internalDomainsView } from '../../src/machines/metric-adjustments/metric-adjustments.view';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// The Internal domains block: the domains it lists, when Save is offered, what a save tells.

const checks = transitionChecks();
const internalDomains = createInternalDomainsMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const replyWith = (domains: string[], defaults = ['acme.example']): FilteringSettingsReply => ({
  filtering_settings: { excluded_filters: emptyExcludedFilters(), internal_domains: domains },
  client_domains: { default_domains: defaults },
});

async function start(
  stored: FilteringSettingsReply,
  save: (domains: string[]) => Promise<FilteringSettingsReply>,
) {
  const replies = [stored];
  const sent: string[][] = [];
  const machine = internalDomains.provide({
    actors: {
      loadFilteringSettings: fromPromise<FilteringSettingsReply>(async () => replies.at(-1)!),
      saveInternalDomains: fromPromise<FilteringSettingsReply, string[]>(async ({ input }) => {
        sent.push(input);
        const reply = await save(input);
        replies.push(reply);
        return reply;
      }),
    },
  });
  const actor = createActor(machine).start();
  await flush();
  return { actor, sent, view: () => internalDomainsView(actor.getSnapshot()) };
}

const toasts = () => getToasts().map(({ title, description }) => ({ title, description }));
const echo = (domains: string[]) => Promise.resolve(replyWith(domains));

beforeEach(() => dismissAllToasts());

describe('Internal domains', () => {
  checks.it(
    internalDomains,
    ['assignReply', 'addDomains', 'removeDomain', 'isUnchanged'],
    'lists the stored domains after the defaults; adds new ones trimmed and lower-cased, once',
    async () => {
      const { actor, view } = await start(replyWith(['partner.example']), echo);
      expect(view()).toMatchObject({ defaults: ['acme.example'], canSave: false, invalid: false });
      expect(view().entries).toEqual([{ item: 'partner.example', valid: true }]);
      actor.send({
        type: 'ADD_DOMAINS',
        items: [' Agency.Example ', 'acme.example', 'partner.example'],
      });
      expect(view().entries.map((entry) => entry.item)).toEqual([
        'partner.example',
        'agency.example',
      ]);
      expect(view().canSave).toBe(true);
      actor.send({ type: 'REMOVE_DOMAIN', item: 'agency.example' });
      expect(view().canSave).toBe(false);
    },
  );

  checks.it(
    internalDomains,
    ['hasInvalidEntry'],
    'says some entries are not domains and keeps Save off until they go',
    async () => {
      const { actor, view } = await start(replyWith([]), echo);
      actor.send({ type: 'ADD_DOMAINS', items: ['not a domain', 'agency.example'] });
      expect(view()).toMatchObject({ invalid: true, canSave: false });
      expect(view().entries[0]).toEqual({ item: 'not a domain', valid: false });
      actor.send({ type: 'REMOVE_DOMAIN', item: 'not a domain' });
      expect(view()).toMatchObject({ invalid: false, canSave: true });
    },
  );

  checks.it(
    internalDomains,
    ['isEmpty'],
    'offers no Save with no domain at all, defaults included',
    async () => {
      const { actor, view } = await start(replyWith(['partner.example'], []), echo);
      actor.send({ type: 'REMOVE_DOMAIN', item: 'partner.example' });
      expect(view()).toMatchObject({ entries: [], canSave: false });
    },
  );

  checks.it(
    internalDomains,
    ['notifySaved', 'assignReply'],
    'Save sends the added domains, not the defaults, toasts, and shows what was stored',
    async () => {
      const { actor, sent, view } = await start(replyWith([]), echo);
      actor.send({ type: 'ADD_DOMAINS', items: ['agency.example'] });
      actor.send({ type: 'SAVE' });
      expect(view().busy).toBe(true);
      await flush();
      expect(sent).toEqual([['agency.example']]);
      expect(toasts().map((toast) => toast.title)).toEqual([
        'New internal domains condition saved',
      ]);
      expect(view()).toMatchObject({ busy: false, canSave: false });
      expect(view().entries).toEqual([{ item: 'agency.example', valid: true }]);
    },
  );

  checks.it(
    internalDomains,
    ['notifySaveFailed'],
    "a refusal toasts the server's sentence and keeps the list to save again",
    async () => {
      const refusal = new ApiFailure({ kind: 'invalid', message: 'Too many domains.' });
      const { actor, view } = await start(replyWith([]), () => Promise.reject(refusal));
      actor.send({ type: 'ADD_DOMAINS', items: ['agency.example'] });
      actor.send({ type: 'SAVE' });
      await flush();
      expect(toasts()).toEqual([
        { title: "We couldn't save your internal domains", description: 'Too many domains.' },
      ]);
      expect(view()).toMatchObject({ canSave: true, busy: false });
    },
  );
});

checks.keep();
