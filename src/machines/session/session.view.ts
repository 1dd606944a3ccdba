import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from './session.machine';

/** What the shell shows of a snapshot of the session machine. */
export function sessionView(snapshot: SnapshotFrom<SessionMachine>) {
  return {
    /** Null until the user-info call has answered. */
    user: snapshot.context.user,
    /** Signed in, signing out included: the shell shows. */
    signedIn: snapshot.hasTag('signedIn'),
    signingOut: snapshot.matches('signingOut'),
    /** The server is under maintenance: the maintenance page. */
    maintenance: snapshot.matches('maintenance'),
    /** The user-info call failed (retried on its own a few times): the failure state. */
    failed: snapshot.matches('failed'),
  };
}
