import type { SignInCodeSnapshot } from './sign-in-code.machine';

/** The dialog a sign-in code may need: the question, or why the link did not work. */
type SignInCodeView =
  | { dialog: 'none' }
  | { dialog: 'question'; current: string; arriving: string; busy: boolean }
  | { dialog: 'refused'; title: string; text: string };

const NONE: SignInCodeView = { dialog: 'none' };

const FAILURES = {
  refused: {
    title: 'This sign-in link has expired',
    text: 'A sign-in link works once, within a minute. Sign in again to get a new one.',
  },
  failed: {
    title: 'The sign-in did not finish',
    text: 'Mailpulse could not be reached. Check your connection and sign in again.',
  },
} as const;

/** What the app shows for a snapshot of the sign-in code flow. */
export function signInCodeView(snapshot: SignInCodeSnapshot): SignInCodeView {
  const { current, arriving, failure } = snapshot.context;
  const asking = snapshot.matches('asking') || snapshot.matches('switching');
  if (asking && current !== null && arriving !== null) {
    return { dialog: 'question', current, arriving, busy: snapshot.matches('switching') };
  }
  if (snapshot.matches('rejected') && failure !== null) {
    return { dialog: 'refused', ...FAILURES[failure] };
  }
  return NONE;
}
