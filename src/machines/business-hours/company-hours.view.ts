import type { SnapshotFrom } from 'xstate';
import { settingsFormView } from '../shared/settings-form.view';
import type { CompanyHoursMachine } from './company-hours.machine';

/** What the company's business hours page shows of a snapshot of its machine. */
export const companyHoursView = (snapshot: SnapshotFrom<CompanyHoursMachine>) => ({
  ...settingsFormView(snapshot),
  /** The week and timezone as edited. */
  draft: snapshot.context.draft,
});
