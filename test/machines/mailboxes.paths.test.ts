import { describe } from 'vitest';
import type { MailboxesData } from '../../src/machines/mailboxes/mailboxes.actors';
import {
  createMailboxesMachine,
  type MailboxesMachine,
  type MailboxesEvent,
} from '../../src/machines/mailboxes/mailboxes.machine';
import { makeFeatures, type FeatureOverrides } from '../support/fixtures';
import { makeMailbox } from '../support/settings-fixtures';
import { describeListTabPaths, loadOutcomes } from './support/list-tab';
import { sendEvent as send, type Executors, type PathEvent } from './support/paths';
import { offlineClient } from '../support/offline-client';

const SALES = makeMailbox('sales@acme.example');
const DATA: MailboxesData = { mailboxes: [SALES, makeMailbox('support@acme.example')] };

const executors = {
  RETRY: send,
  ADD: send,
  CLOSE_LIMIT: send,
  REMOVE: send,
  MODAL_SAVED: send,
  EDIT_HOURS: send,
  CLOSE_HOURS: send,
} satisfies Executors<{ send(event: MailboxesEvent): void }, MailboxesEvent>;

const events: PathEvent<MailboxesMachine>[] = [
  { type: 'RETRY' },
  { type: 'ADD' },
  { type: 'CLOSE_LIMIT' },
  { type: 'REMOVE', mailboxes: [SALES] },
  { type: 'MODAL_SAVED', modal: 'removeMailboxes' },
  { type: 'EDIT_HOURS', mailbox: SALES },
  { type: 'MODAL_SAVED', modal: 'mailboxHours' },
  { type: 'CLOSE_HOURS' },
  ...loadOutcomes(DATA),
];

function describeWith(name: string, features: FeatureOverrides, unreachable: string[]) {
  // Two mailboxes of at most two: Add mailboxes opens the limit modal.
  describe(name, () => {
    describeListTabPaths({
      name: 'mailboxes',
      provide: (actors) =>
        createMailboxesMachine(offlineClient).provide({
          actors: { load: actors.promise<MailboxesData>('load') },
        }),
      input: { maxMailboxes: 2, features: makeFeatures(features) },
      seed: DATA,
      events,
      executors,
      unreachable,
    });
  });
}

describeWith('business hours editable', {}, ['ready.hours.unavailable']);
// Read-only or disabled business hours: the row menu never offers the hours modal.
const NO_HOURS = ['ready.hours.closed', 'ready.hours.open'];
describeWith('business hours read-only', { business_hours: { read_only: true } }, NO_HOURS);
describeWith('business hours disabled', { business_hours: { enabled: false } }, NO_HOURS);
