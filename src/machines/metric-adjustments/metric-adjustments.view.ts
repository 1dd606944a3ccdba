import type { SnapshotFrom } from 'xstate';
import { settingsFormView } from '../shared/settings-form.view';
import type { ExclusionsMachine } from './exclusions.machine';
import type { InternalDomainsMachine } from './internal-domains.machine';

/** What the Exclude Emails block shows of a snapshot of its machine. */
export const exclusionsView = (snapshot: SnapshotFrom<ExclusionsMachine>) => ({
  ...settingsFormView(snapshot),
  rows: snapshot.context.rows,
});

/** What the Internal domains block shows of a snapshot of its machine. */
export const internalDomainsView = (snapshot: SnapshotFrom<InternalDomainsMachine>) => ({
  ...settingsFormView(snapshot),
  /** The workspace's own domains, listed first and never removed. */
  defaults: snapshot.context.defaults,
  entries: snapshot.context.entries,
  /** Some entries are not domains: the field says so. */
  invalid: snapshot.matches({ ready: 'invalid' }),
});
