import { createActor, type ActorRefFrom } from 'xstate';
import type { UnrepliedActor } from '../native-dashboard/unreplied.machine';
import { sameView } from '../shared/same-view';
import type { createMarkDoneMachine } from './mark-done.machine';
import { markDoneView, type MarkDoneView } from './mark-done.view';

type MarkDoneMachine = ReturnType<typeof createMarkDoneMachine>;
type MarkDoneActor = ActorRefFrom<MarkDoneMachine>;

const IDLE: MarkDoneView = { busy: false, busyId: null };

/**
 * Mark as done for one unreplied list: its machine is loaded with the first click, so a first
 * load of the dashboard does not pay for it (issue 23's budget). Screens read `view` through
 * `useSyncExternalStore(host.subscribe, host.view)`.
 */
export class MarkDoneHost {
  #actor: MarkDoneActor | null = null;
  #pending: Promise<MarkDoneActor> | null = null;
  #view: MarkDoneView = IDLE;
  readonly #listeners = new Set<() => void>();

  constructor(
    private readonly load: () => Promise<MarkDoneMachine>,
    private readonly list: UnrepliedActor,
  ) {}

  /** Marks the request as done, once the machine is loaded (at once after the first time). */
  markDone(id: string): void {
    this.#pending = (this.#pending ?? this.#start()).then((actor) => {
      actor.send({ type: 'MARK_DONE', id });
      return actor;
    });
  }

  /** Which row is busy; idle until the machine runs. */
  readonly view = (): MarkDoneView => this.#view;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Stops the running flow; a later click starts it again. */
  stop(): void {
    this.#actor?.stop();
    this.#actor = null;
    this.#pending = null;
    this.#publish(IDLE);
  }

  async #start(): Promise<MarkDoneActor> {
    const actor = createActor(await this.load(), { input: { list: this.list } });
    actor.subscribe((snapshot) => this.#publish(markDoneView(snapshot)));
    this.#actor = actor;
    return actor.start();
  }

  #publish(view: MarkDoneView): void {
    if (sameView(view, this.#view)) return;
    this.#view = view;
    for (const listener of this.#listeners) listener();
  }
}
