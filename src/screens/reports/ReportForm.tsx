import type { FormEvent } from 'react';
import { FREQUENCY_TEXTS, REPORT_FREQUENCIES, type ReportFrequency } from '@common/reports';
import type { Recipient } from '@/machines/reports/reports.actors';
import { withRecipient, type NarrowBy, type ReportDraft } from '@/machines/reports/reports.draft';
import type { ChoicesView } from '@/machines/reports/reports.view';
import { Button } from '@/ui/Button';
import { CheckList, mailboxOptions } from '@/ui/CheckList';
import { Notice } from '@/ui/Notice';
import { RadioCards } from '@/ui/RadioCards';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import './ReportForm.css';

const FREQUENCY_OPTIONS = REPORT_FREQUENCIES.map((frequency) => ({
  value: frequency,
  label: FREQUENCY_TEXTS[frequency].label,
  description: FREQUENCY_TEXTS[frequency].when,
}));

function coverOptions(self: boolean, teams: boolean) {
  const options: { value: NarrowBy; label: string; description: string }[] = [
    {
      value: 'none',
      label: 'Everything',
      description: self ? 'Every mailbox you can see' : 'Every mailbox they can see',
    },
    { value: 'mailboxes', label: 'Some mailboxes', description: 'The mailboxes you choose' },
  ];
  if (teams)
    options.push({ value: 'teams', label: 'Some teams', description: 'The teams you choose' });
  return options;
}

interface ReportFormProps {
  id: string;
  draft: ReportDraft;
  error: string | null;
  /** The people an admin may choose from for a new report; null when the recipient is set. */
  recipients: readonly Recipient[] | null;
  /** The signed-in user's address: their own report speaks to them. */
  selfEmail: string;
  choices: ChoicesView;
  onEdit: (draft: ReportDraft) => void;
  /** Another recipient: the parent loads what they may see. */
  onRecipient: (draft: ReportDraft) => void;
  onRetryChoices: () => void;
  onSubmit: () => void;
}

function Narrowing({ draft, choices, onEdit, onRetryChoices }: ReportFormProps) {
  if (draft.narrowBy === 'none') return null;
  if (choices.status === 'failed') {
    return (
      <div className="report-form-choices-failed">
        <Notice tone="danger">We couldn't load the mailboxes and teams to choose from.</Notice>
        <Button variant="secondary" size="small" onClick={onRetryChoices}>
          Try again
        </Button>
      </div>
    );
  }
  if (choices.status === 'loading' || !choices.choices) {
    return (
      <div className="report-form-choices-loading">
        <Spinner size="small" label="Loading the mailboxes and teams" />
      </div>
    );
  }
  if (draft.narrowBy === 'teams') {
    return (
      <CheckList
        label="Teams"
        required
        options={choices.choices.teams.map((team) => ({
          value: String(team.id),
          label: team.name,
        }))}
        selected={draft.teams.map(String)}
        onChange={(teams) => onEdit({ ...draft, teams: teams.map(Number) })}
        emptyText="No teams to choose from."
      />
    );
  }
  return (
    <CheckList
      label="Mailboxes"
      required
      options={mailboxOptions(choices.choices.mailboxes)}
      selected={draft.mailboxes}
      onChange={(mailboxes) => onEdit({ ...draft, mailboxes })}
      emptyText="No mailboxes to choose from."
    />
  );
}

/** The fields of a report: who gets it, how often, and what it covers. */
export function ReportForm(props: ReportFormProps) {
  const { id, draft, error, recipients, selfEmail, choices, onEdit, onRecipient, onSubmit } = props;
  const self = draft.email.toLowerCase() === selfEmail.toLowerCase();
  const teams = (choices.choices?.teams.length ?? 0) > 0 || draft.narrowBy === 'teams';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form id={id} className="report-form" onSubmit={submit}>
      {recipients ? (
        <Select
          label="Recipient"
          required
          value={draft.email}
          options={recipients.map((r) => ({
            value: r.email,
            label: r.name ? `${r.name} (${r.email})` : r.email,
          }))}
          onChange={(event) => onRecipient(withRecipient(draft, event.target.value))}
          hint="The report holds only what this person may see on the dashboard."
        />
      ) : (
        !self && (
          <div className="field">
            <span className="field-label">Recipient</span>
            <span className="report-form-recipient">{draft.email}</span>
          </div>
        )
      )}
      <RadioCards<ReportFrequency>
        legend="How often"
        required
        options={FREQUENCY_OPTIONS}
        value={draft.frequency}
        onChange={(frequency) => onEdit({ ...draft, frequency })}
      />
      <RadioCards<NarrowBy>
        legend="What it covers"
        required
        options={coverOptions(self, teams)}
        value={draft.narrowBy}
        onChange={(narrowBy) => onEdit({ ...draft, narrowBy })}
      />
      <Narrowing {...props} />
      <p className="report-form-note">
        Reports arrive at 08:00 company time, with the figures of the period and the change against
        the period before it.
      </p>
      {error && <Notice tone="danger">{error}</Notice>}
    </form>
  );
}
