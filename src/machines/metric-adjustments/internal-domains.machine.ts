import type { FilteringSettingsReply } from '@/api/types';
import { assertEvent, assign, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import { isDomain } from '@common/patterns';
import { createFilteringActors } from './filtering-settings.actors';
import { filteringBlockStates } from './filtering-settings.states';
import { toastSaved, toastFailed } from '../shared/save-toasts';
import { describeNamed } from '../shared/describe-named';

interface DomainEntry {
  item: string;
  valid: boolean;
}

interface InternalDomainsContext {
  /** The workspace's own domains: always internal, listed first, never deleted or sent. */
  defaults: string[];
  /** The deletable domains as the server holds them. */
  saved: string[];
  /** The deletable domains as edited. */
  entries: DomainEntry[];
}

export type InternalDomainsEvent =
  | { type: 'ADD_DOMAINS'; items: string[] }
  | { type: 'REMOVE_DOMAIN'; item: string }
  | { type: 'SAVE' }
  | { type: 'RETRY' };

export const INTERNAL_DOMAINS_SAVED = 'New internal domains condition saved';
const INTERNAL_DOMAINS_NOT_SAVED = "We couldn't save your internal domains";

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * The Internal domains block. Save is possible only in `ready.changed`:
 * the list is not empty, every entry is a domain, and it differs from what the server holds.
 */
export function createInternalDomainsMachine(client: ApiClient) {
  const internalDomainsSetup = setup({
    types: { context: {} as InternalDomainsContext, events: {} as InternalDomainsEvent },
    actors: createFilteringActors(client),
    guards: {
      isEmpty: ({ context }) => context.defaults.length === 0 && context.entries.length === 0,
      hasInvalidEntry: ({ context }) => context.entries.some((entry) => !entry.valid),
      isUnchanged: ({ context }) =>
        sameSet(
          context.saved,
          context.entries.map((entry) => entry.item),
        ),
    },
    actions: {
      assignReply: assign((_, params: { reply: FilteringSettingsReply }) => {
        const saved = params.reply.filtering_settings.internal_domains;
        return {
          defaults: params.reply.client_domains.default_domains,
          saved,
          entries: saved.map((item) => ({ item, valid: isDomain(item) })),
        };
      }),
      // Entries already listed, default or not, are dropped.
      addDomains: assign({
        entries: ({ context, event }) => {
          assertEvent(event, 'ADD_DOMAINS');
          const present = new Set([...context.defaults, ...context.entries.map((e) => e.item)]);
          const added: DomainEntry[] = [];
          for (const raw of event.items) {
            const item = raw.trim().toLowerCase();
            if (item === '' || present.has(item)) continue;
            present.add(item);
            added.push({ item, valid: isDomain(item) });
          }
          return [...context.entries, ...added];
        },
      }),
      removeDomain: assign({
        entries: ({ context, event }) => {
          assertEvent(event, 'REMOVE_DOMAIN');
          return context.entries.filter((entry) => entry.item !== event.item);
        },
      }),
      notifySaved: () => toastSaved(INTERNAL_DOMAINS_SAVED),
      notifySaveFailed: (_, params: { error: unknown }) =>
        toastFailed(INTERNAL_DOMAINS_NOT_SAVED, params.error),
    },
  });
  return internalDomainsSetup.createMachine({
    id: 'internalDomains',
    description:
      "The Internal domains block of metric adjustments: the domains whose emails count as internal, not customers'.",
    meta: describeNamed(internalDomainsSetup, {
      guards: {
        isEmpty: "There is no domain at all, neither the workspace's own nor an added one",
        hasInvalidEntry: 'An added entry is not a domain',
        isUnchanged: 'The added domains are the ones the server holds',
      },
      actions: {
        assignReply: "Shows the workspace's own domains and the saved ones",
        addDomains: 'Adds the typed domains, lower-cased, skipping any already listed',
        removeDomain: 'Removes one added domain',
        notifySaved: 'Says New internal domains condition saved',
        notifySaveFailed: 'Says the internal domains could not be saved, and why',
      },
    }),
    initial: 'loading',
    context: { defaults: [], saved: [], entries: [] },
    states: {
      ...filteringBlockStates({
        src: 'saveInternalDomains',
        input: ({ context }: { context: InternalDomainsContext }) =>
          context.entries.map((entry) => entry.item),
        failedTarget: 'ready.changed',
      }),
      ready: {
        description: "The internal domains: the workspace's own, then those added here",
        initial: 'checking',
        on: {
          ADD_DOMAINS: { target: '.checking', actions: 'addDomains' },
          REMOVE_DOMAIN: { target: '.checking', actions: 'removeDomain' },
        },
        states: {
          checking: {
            description: 'Checking the list after an edit',
            always: [
              { guard: 'isEmpty', target: 'empty' },
              { guard: 'hasInvalidEntry', target: 'invalid' },
              { guard: 'isUnchanged', target: 'unchanged' },
              { target: 'changed' },
            ],
          },
          empty: {
            description: 'No domain at all; Save is disabled',
          },
          invalid: {
            description:
              'An entry is not a domain; the block says Some of the entries are not valid domains',
          },
          unchanged: {
            description: 'The list is what the server holds; Save is disabled',
          },
          changed: {
            description:
              'The list differs from what is saved and every entry is a domain; Save is enabled',
            on: { SAVE: '#internalDomains.saving' },
          },
        },
      },
    },
  });
}

export type InternalDomainsMachine = ReturnType<typeof createInternalDomainsMachine>;
