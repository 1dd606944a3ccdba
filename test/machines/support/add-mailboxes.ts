import type { MailboxCheck } from '../../../src/api/types';
import { afterEach, beforeEach, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CreateMailboxesInput } from '../../../src/machines/add-mailboxes/add-mailboxes.actors';
import { createAddMailboxesMachine } from '../../../src/machines/add-mailboxes/add-mailboxes.machine';
import { addMailboxesView } from '../../../src/machines/add-mailboxes/add-mailboxes.view';
import { dismissAllToasts } from '../../../src/stores/toast-store';
import { offlineClient } from '../../support/offline-client';
import { recordingSocket } from './recording-socket';
import { SimulatedClock } from './paths';

// The Add mailboxes page's machine as its transition tests drive it
// (add-mailboxes.addresses.transitions.test.ts, add-mailboxes.results.transitions.test.ts).

export const addMailboxes = createAddMailboxesMachine(offlineClient);
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export const ANN = 'ann@acme.example';
export const BOB = 'bob@acme.example';
export const ok = (email: string): MailboxCheck => ({ email, status: 'OK', message: '' });
export const refused = (email: string, message: string): MailboxCheck => ({
  email,
  status: 'ERROR',
  message,
});

/** Registers the hooks the tests share: a fixed local noon, and no clipboard, mock or toast left. */
export function setUpAddMailboxesTests() {
  beforeEach(() => {
    // Local noon, so the `data_from` day is the same in every timezone the tests run in.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 12));
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
    vi.useRealTimers();
    vi.restoreAllMocks();
    dismissAllToasts();
  });
}

/** jsdom has no clipboard: the page's, as the test wants it to answer. */
export const stubClipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

interface Options {
  /** The workspace's limit and how many it tracks: 4 and 1 leave three slots. */
  maxMailboxes?: number;
  tracked?: number;
  create?: (input: CreateMailboxesInput) => Promise<void>;
}

/**
 * Starts the machine with a recording socket, a simulated clock and a recording Add, waiting
 * before validation, and the helpers that drive it.
 */
export async function startAddMailboxes({ maxMailboxes = 4, tracked = 1, create }: Options = {}) {
  const socket = recordingSocket();
  const clock = new SimulatedClock();
  const created: CreateMailboxesInput[] = [];
  const goBack = vi.fn<() => void>();
  const machine = addMailboxes.provide({
    actors: {
      loadTrackedCount: fromPromise<number>(async () => tracked),
      validationSocket: socket.logic,
      createMailboxes: fromPromise<void, CreateMailboxesInput>(async ({ input }) => {
        created.push(input);
        await create?.(input);
      }),
    },
    actions: { goBack },
  });
  const actor = createActor(machine, { clock, input: { maxMailboxes } }).start();
  await waitFor(actor, (snapshot) => snapshot.matches('before'));
  const view = () => addMailboxesView(actor.getSnapshot());
  /** Types the text and presses Validate. */
  const validate = (text: string) => {
    actor.send({ type: 'EDIT', text });
    actor.send({ type: 'VALIDATE' });
  };
  /** The open connection signs in and answers each check in turn. */
  const answer = (...results: MailboxCheck[]) => {
    socket.last().send({ type: 'SOCKET_READY' });
    for (const check of results) socket.last().send({ type: 'SOCKET_RESULT', check });
  };
  return { actor, socket, clock, created, goBack, view, validate, answer };
}
