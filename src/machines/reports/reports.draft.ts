import type { ReportSubscription } from '@/api/types';
import type { ReportFrequency } from '@common/reports';

/** What a report is narrowed to: nothing (all the recipient may see), mailboxes or teams. */
export type NarrowBy = 'none' | 'mailboxes' | 'teams';

/** The Email me a report / Edit report modal. */
export interface ReportDraft {
  /** The subscription being edited; null for a new one. */
  id: number | null;
  /** The recipient. */
  email: string;
  frequency: ReportFrequency;
  narrowBy: NarrowBy;
  /** Mailbox addresses, when narrowed by mailboxes. */
  mailboxes: string[];
  /** Team ids, when narrowed by teams. */
  teams: number[];
}

export const EMPTY_REPORT_DRAFT: ReportDraft = {
  id: null,
  email: '',
  frequency: 'weekly',
  narrowBy: 'none',
  mailboxes: [],
  teams: [],
};

/** A new weekly report for this person, on everything they may see. */
export const newReportDraft = (email: string): ReportDraft => ({ ...EMPTY_REPORT_DRAFT, email });

export function draftOf(subscription: ReportSubscription): ReportDraft {
  return {
    id: subscription.id,
    email: subscription.email,
    frequency: subscription.frequency,
    narrowBy:
      subscription.mailboxes.length > 0
        ? 'mailboxes'
        : subscription.teams.length > 0
          ? 'teams'
          : 'none',
    mailboxes: subscription.mailboxes,
    teams: subscription.teams.map((team) => team.id),
  };
}

/** Another recipient: what the report was narrowed to was theirs to see, so it starts over. */
export const withRecipient = (draft: ReportDraft, email: string): ReportDraft => ({
  ...draft,
  email,
  narrowBy: 'none',
  mailboxes: [],
  teams: [],
});

/** A narrowing names at least one mailbox or team. */
const isNarrowingMissing = (draft: ReportDraft) =>
  (draft.narrowBy === 'mailboxes' && draft.mailboxes.length === 0) ||
  (draft.narrowBy === 'teams' && draft.teams.length === 0);

/** Why the editor's submit button is disabled, or null when it is not. */
export function missingNote(draft: ReportDraft): string | null {
  if (!isNarrowingMissing(draft)) return null;
  return `Choose at least one ${draft.narrowBy === 'teams' ? 'team' : 'mailbox'}.`;
}

/** A report needs a recipient and, when narrowed, something to narrow to. */
export const canSubmitReport = (draft: ReportDraft) =>
  draft.email !== '' && !isNarrowingMissing(draft);
