import type { FilteringSettingsReply } from '../../src/api/types';
import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import { emptyExcludedFilters } from '../../common/exclusions';
import {
  createInternalDomainsMachine,
  type InternalDomainsEvent,
} from '../../src/machines/metric-adjustments/internal-domains.machine';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';
import { offlineClient } from '../support/offline-client';

type InternalDomainsTestActor = ReturnType<typeof start>['actor'];

const reply = (defaults: string[], internal: string[]): FilteringSettingsReply => ({
  filtering_settings: { excluded_filters: emptyExcludedFilters(), internal_domains: internal },
  client_domains: { default_domains: defaults },
});
const stored = reply(['acme.example'], ['partner.example']);
/** A workspace without default domains nor internal ones: the empty list. */
const nothing = reply([], []);

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = createInternalDomainsMachine(offlineClient).provide({
    actors: {
      loadFilteringSettings: actors.promise<FilteringSettingsReply>('loadFilteringSettings'),
      saveInternalDomains: actors.promise<FilteringSettingsReply, string[]>('saveInternalDomains'),
    },
    actions: { notifySaved: () => undefined, notifySaveFailed: () => undefined },
  });
  return { actor: createActor(machine, { clock }).start(), actors, clock };
}

const executors = {
  ADD_DOMAINS: (actor, event) => actor.send(event),
  REMOVE_DOMAIN: (actor, event) => actor.send(event),
  SAVE: (actor, event) => actor.send(event),
  RETRY: (actor, event) => actor.send(event),
} satisfies Executors<InternalDomainsTestActor, InternalDomainsEvent>;

const failure = new ApiFailure({
  kind: 'invalid',
  message: 'Some of the entries are not valid domains.',
});

describe('internal domains machine paths', () => {
  describePathTests({
    machine: createInternalDomainsMachine(offlineClient),
    events: [
      { type: 'ADD_DOMAINS', items: ['not a domain'] },
      { type: 'ADD_DOMAINS', items: ['Supplier.example'] },
      { type: 'REMOVE_DOMAIN', item: 'partner.example' },
      { type: 'REMOVE_DOMAIN', item: 'supplier.example' },
      { type: 'SAVE' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadFilteringSettings', output: stored },
      { type: 'xstate.done.actor.loadFilteringSettings', output: nothing },
      { type: 'xstate.error.actor.loadFilteringSettings', error: failure },
      { type: 'xstate.done.actor.saveInternalDomains', output: stored },
      { type: 'xstate.error.actor.saveInternalDomains', error: failure },
    ],
    label: (event) =>
      'items' in event
        ? `${event.type} ${String(event.items)}`
        : 'item' in event
          ? `${event.type} ${String(event.item)}`
          : event.type,
    start,
    executors,
  });
});
