import type { SnapshotFrom } from 'xstate';
import type { RequestFormMachine } from './request-form.machine';

/** What the feedback and integration-request modals show of a snapshot of their machine. */
export function requestFormView(snapshot: SnapshotFrom<RequestFormMachine>) {
  return {
    feedbackType: snapshot.context.feedbackType,
    content: snapshot.context.content,
    canSubmit: snapshot.can({ type: 'SUBMIT' }),
    sending: snapshot.hasTag('saving'),
    /** Sent (the machine has toasted): the modal closes. */
    sent: snapshot.matches('sent'),
  };
}
