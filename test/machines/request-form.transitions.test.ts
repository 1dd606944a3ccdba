import { afterEach, describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { SupportRequest } from '../../src/machines/request-form/request-form.actors';
import {
  createRequestFormMachine,
  type RequestFormInput,
} from '../../src/machines/request-form/request-form.machine';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// The feedback and integration-request modals: Send waits for more than five characters, sends
// what was typed (trimmed) with its type, and says with a toast whether it went.

const checks = transitionChecks();
const requestForm = createRequestFormMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const SLACK: RequestFormInput = {
  kind: 'integration',
  integration: { id: 'slack', name: 'Slack' },
};

afterEach(() => dismissAllToasts());

function start(input: RequestFormInput, reply: () => Promise<void> = () => Promise.resolve()) {
  const sent: SupportRequest[] = [];
  const machine = requestForm.provide({
    actors: {
      sendRequest: fromPromise<void, SupportRequest>(({ input: request }) => {
        sent.push(request);
        return reply();
      }),
    },
  });
  return { actor: createActor(machine, { input }).start(), sent };
}

const toasts = () =>
  getToasts().map(({ title, description, variant }) => ({ title, description, variant }));

describe('request form: Send', () => {
  checks.it(
    requestForm,
    ['isLongEnough', 'setContent'],
    'stays disabled up to five characters, spaces aside',
    () => {
      const { actor } = start({ kind: 'feedback' });
      actor.send({ type: 'SET_CONTENT', content: '  12345   ' });
      expect(actor.getSnapshot().matches({ editing: 'incomplete' })).toBe(true);
      actor.send({ type: 'SET_CONTENT', content: '123456' });
      expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
    },
  );

  checks.it(
    requestForm,
    ['setType', 'notifySent'],
    'sends the feedback with its type, trimmed, and thanks the user',
    async () => {
      const { actor, sent } = start({ kind: 'feedback' });
      actor.send({ type: 'SET_TYPE', feedbackType: 'Bug' });
      actor.send({ type: 'SET_CONTENT', content: ' The chart is empty ' });
      actor.send({ type: 'SUBMIT' });
      await flush();
      expect(sent).toEqual([{ kind: 'feedback', type: 'Bug', content: 'The chart is empty' }]);
      expect(actor.getSnapshot().status).toBe('done');
      expect(toasts()).toEqual([
        {
          title: 'Thanks for your feedback',
          description: 'We read every message and will get back to you if we need more details.',
          variant: 'success',
        },
      ]);
    },
  );

  checks.it(requestForm, ['notifySent'], 'names the integration asked for', async () => {
    const { actor, sent } = start(SLACK);
    actor.send({ type: 'SET_CONTENT', content: 'Post alerts to #support' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(sent).toEqual([
      {
        kind: 'integration',
        content: 'Post alerts to #support',
        integration_name: 'Slack',
        integration_id: 'slack',
      },
    ]);
    expect(toasts()).toEqual([
      {
        title: 'Request sent',
        description: "Thanks! We'll get in touch about the Slack integration.",
        variant: 'success',
      },
    ]);
  });

  checks.it(
    requestForm,
    ['notifyFailed'],
    'a refusal toasts the server’s reason and keeps the text to send again',
    async () => {
      const refusal = new ApiFailure({ kind: 'invalid', message: 'content: too long' });
      const { actor } = start(SLACK, () => Promise.reject(refusal));
      actor.send({ type: 'SET_CONTENT', content: 'Post alerts to #support' });
      actor.send({ type: 'SUBMIT' });
      await flush();
      expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
      expect(actor.getSnapshot().context.content).toBe('Post alerts to #support');
      expect(toasts()).toEqual([
        {
          title: "We couldn't send your request",
          description: 'content: too long',
          variant: 'error',
        },
      ]);
    },
  );
});

checks.keep();
