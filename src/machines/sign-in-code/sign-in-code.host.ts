import { createActor, waitFor } from 'xstate';
import { readToken } from '@/api/session-store';
import type { SignInCodeActor, SignInCodeMachine } from './sign-in-code.machine';

/**
 * The sign-in code flow for the app: its machine is loaded only when an address carries a code,
 * so a first load of the dashboard does not pay for it (issue 23's budget).
 */
export class SignInCodeHost {
  #actor: SignInCodeActor | null = null;
  #pending: Promise<SignInCodeActor> | null = null;
  readonly #listeners = new Set<() => void>();

  constructor(private readonly load: () => Promise<SignInCodeMachine>) {}

  /** Hands the flow a code from the address; whether a token is kept is read now. */
  read(code: string): void {
    const event = { type: 'CODE_READ', code, hasSession: readToken() !== null } as const;
    this.#pending = (this.#pending ?? this.#start()).then((actor) => actor.send(event) ?? actor);
  }

  /** Resolves once no code is being checked or traded (at once when none ever was). */
  async settled(): Promise<void> {
    const actor = await this.#pending;
    if (actor) await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
  }

  /** The running flow, for the dialog; null until a code arrived. */
  readonly current = (): SignInCodeActor | null => this.#actor;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  async #start(): Promise<SignInCodeActor> {
    const actor = createActor(await this.load()).start();
    this.#actor = actor;
    for (const listener of this.#listeners) listener();
    return actor;
  }
}
