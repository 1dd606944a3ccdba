import type { UsersData } from '../../src/machines/users/users.actors';
import {
  createUsersMachine,
  type UsersMachine,
  type UsersEvent,
} from '../../src/machines/users/users.machine';
import type { Features } from '../../src/session/user-info';
import { makeFeatures } from '../support/fixtures';
import { makeMailbox, makeSettingsUser, makeTeam } from '../support/settings-fixtures';
import { describeListTabPaths, loadOutcomes } from './support/list-tab';
import { sendEvent as send, type Executors, type PathEvent } from './support/paths';
import { offlineClient } from '../support/offline-client';

const ADA = makeSettingsUser('ada@acme.example', { role: 'admin' });
const MAX = makeSettingsUser('max@acme.example', {
  role: 'manager',
  can_see_data_for: { mailboxes: ['sales@acme.example'], teams: [1] },
});
const DATA: UsersData = {
  users: [ADA, MAX],
  mailboxes: [makeMailbox('sales@acme.example')],
  teams: [makeTeam(1, 'Sales', ['sales@acme.example'])],
};

const executors = {
  RETRY: send,
  ADD: send,
  EDIT: send,
  REMOVE: send,
  CLOSE_LIMIT: send,
  MODAL_SAVED: send,
} satisfies Executors<{ send(event: UsersEvent): void }, UsersEvent>;

// Ada's own row can be neither edited nor removed: EDIT(ada) goes nowhere.
const events: PathEvent<UsersMachine>[] = [
  { type: 'RETRY' },
  { type: 'ADD' },
  { type: 'EDIT', user: MAX },
  { type: 'EDIT', user: ADA },
  { type: 'REMOVE', users: [MAX] },
  { type: 'CLOSE_LIMIT' },
  { type: 'MODAL_SAVED', modal: 'usersEditor' },
  { type: 'MODAL_SAVED', modal: 'removeUsers' },
  ...loadOutcomes(DATA),
  { type: 'xstate.done.actor.load', output: { ...DATA, users: [ADA] } },
];

// Two users of at most two: Add new users opens the user-limit modal; after a reload that
// brings one user, it opens the editor.
describeListTabPaths({
  name: 'users',
  provide: (actors) =>
    createUsersMachine(offlineClient).provide({
      actors: { load: actors.promise<UsersData, { features: Features }>('load') },
    }),
  input: { maxUsers: 2, currentEmail: ADA.email, features: makeFeatures() },
  seed: DATA,
  events,
  executors,
  contextKey: (context) => ({ atLimit: context.users.length >= context.maxUsers }),
});
