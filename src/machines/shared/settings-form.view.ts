import { loadStatus, type LoadStatus } from './load-status.view';

/** What a settings block's machine offers its form: load states, SAVE, and its busy tags. */
interface SettingsFormSnapshot {
  matches(state: 'failed' | 'loading'): boolean;
  can(event: { type: 'SAVE' }): boolean;
  hasTag(tag: string): boolean;
}

export interface SettingsFormView {
  status: LoadStatus;
  canSave: boolean;
  saving: boolean;
  /** Saving, or reading the record again after a save (tag `busy`): the fields wait. */
  busy: boolean;
}

/** The form part of a settings block's view (company hours, exclusions, internal domains). */
export const settingsFormView = (snapshot: SettingsFormSnapshot): SettingsFormView => ({
  status: loadStatus(snapshot),
  canSave: snapshot.can({ type: 'SAVE' }),
  saving: snapshot.hasTag('saving'),
  busy: snapshot.hasTag('busy'),
});
