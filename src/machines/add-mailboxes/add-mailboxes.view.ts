import type { SnapshotFrom } from 'xstate';
import {
  exceedsLimit,
  invalidChecks,
  remainingSlots,
  validChecks,
  type AddMailboxesContext,
} from './add-mailboxes.context';
import type { AddMailboxesMachine } from './add-mailboxes.machine';

type Snapshot = SnapshotFrom<AddMailboxesMachine>;

/** Which part of the page shows: the three stages, and the load and stop states around them. */
type AddMailboxesStage = 'loading' | 'loadFailed' | 'before' | 'validating' | 'stopped' | 'results';

function stageOf(snapshot: Snapshot): AddMailboxesStage {
  if (snapshot.hasTag('before')) return 'before';
  if (snapshot.hasTag('validating')) return 'validating';
  if (snapshot.matches('gaveUp') || snapshot.matches('failed')) return 'stopped';
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  // Results, adding, and the final state shown until the route navigates away.
  return 'results';
}

/** The results stage's lists: what can be added, what cannot and why. */
function results(context: AddMailboxesContext) {
  const valid = validChecks(context);
  return {
    valid,
    invalid: invalidChecks(context),
    /** The valid addresses pass the workspace's limit. */
    overLimit: exceedsLimit(context, valid.length),
  };
}

/** What the Add mailboxes page shows of a snapshot of its machine. */
export function addMailboxesView(snapshot: Snapshot) {
  const { context } = snapshot;
  const stage = stageOf(snapshot);
  return {
    stage,
    text: context.text,
    addresses: context.addresses,
    historic: context.historic,
    /** Mailboxes that can still be added. */
    remaining: remainingSlots(context),
    enteredOverLimit: exceedsLimit(context, context.addresses.length),
    canValidate: snapshot.can({ type: 'VALIDATE' }),
    /** Progress: results so far of the addresses sent. */
    validated: context.checks.length,
    submitted: context.submitted.length,
    reconnecting: snapshot.matches('reconnecting'),
    reconnects: context.reconnects,
    /** Reconnecting gave up (else the server refused, with `error`). */
    gaveUp: snapshot.matches('gaveUp'),
    error: context.error,
    /** Built only for the results stage, which shows them. */
    results: stage === 'results' ? results(context) : null,
    adding: snapshot.hasTag('adding'),
    canAdd: snapshot.can({ type: 'ADD' }),
    canCopy: snapshot.can({ type: 'COPY_INVALID' }),
  };
}

export type AddMailboxesView = ReturnType<typeof addMailboxesView>;
