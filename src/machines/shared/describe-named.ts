/*
 * XState gives states and transitions a `description`, but not the guards and actions a machine
 * names in `setup`. Each machine gives them one line each in its root `meta`:
 *
 *   const machineSetup = setup({ guards: { isValid }, actions: { assignDraft } });
 *   return machineSetup.createMachine({
 *     meta: describeNamed(machineSetup, {
 *       guards: { isValid: 'The draft has a name and at least one mailbox' },
 *       actions: { assignDraft: 'Keeps what the user typed' },
 *     }),
 *
 * A name without its line, or a line whose name is gone, fails typecheck; the machine reports
 * (docs/machines) show the lines, and their test refuses an empty one.
 */

type NameOf<T> = T extends { type: infer TName extends string } ? TName : never;

/**
 * One line for every guard and action the setup names. The names are read from the action type
 * `createAction` takes, which carries the setup's actions and guards (XState's own markers).
 */
type NamedDescriptions<TSetup> = TSetup extends {
  createAction: (action: infer TAction) => unknown;
}
  ? TAction extends { _out_TAction?: infer TActions; _out_TGuard?: infer TGuards }
    ? { guards: Record<NameOf<TGuards>, string>; actions: Record<NameOf<TActions>, string> }
    : never
  : never;

/** The machine root's `meta`: the descriptions of the guards and actions its setup names. */
export function describeNamed<TSetup>(
  _setup: TSetup,
  descriptions: NamedDescriptions<TSetup>,
): NamedDescriptions<TSetup> {
  return descriptions;
}
