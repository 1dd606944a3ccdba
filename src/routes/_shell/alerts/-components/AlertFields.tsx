import type { Mailbox } from '@/api/types';
import type { AlertDraft } from '@/machines/alerts/alerts.draft';
import { ALERT_TEXTS, checkAlertDraft, type AlertDraftCheck } from '@/machines/alerts/alerts.draft';
import { CheckList, mailboxOptions } from '@/ui/CheckList';
import { ChipsInput, type ChipTone } from '@/ui/ChipsInput';
import { TextInput } from '@/ui/TextInput';

interface AlertFieldsProps {
  draft: AlertDraft;
  mailboxes: readonly Mailbox[];
  onChange: (patch: Partial<AlertDraft>) => void;
}

const toneIn =
  (invalid: readonly string[]) =>
  (entry: string): ChipTone =>
    invalid.includes(entry) ? 'invalid' : 'default';

const errorIf = (invalid: readonly string[], message: string) =>
  invalid.length > 0 ? message : undefined;

/** The alert's fields: name, mailboxes, hours, what to watch, who to tell. */
export function AlertFields({ draft, mailboxes, onChange }: AlertFieldsProps) {
  const check: AlertDraftCheck = checkAlertDraft(draft);
  return (
    <>
      <div className="alert-form-row">
        <TextInput
          label="Alert name"
          required
          value={draft.name}
          maxLength={200}
          placeholder="e.g. Key accounts waiting"
          onChange={(event) => onChange({ name: event.target.value })}
        />
        <TextInput
          label="Hours without a reply"
          required
          value={draft.hours}
          inputMode="numeric"
          maxLength={4}
          placeholder="2"
          hint="Whole hours, e.g. 2."
          error={check.hoursInvalid ? ALERT_TEXTS.hours : undefined}
          // Kept as typed: a `1.5` gets the field's message instead of silently becoming 15.
          onChange={(event) => onChange({ hours: event.target.value })}
        />
      </div>
      <CheckList
        label="Mailboxes"
        required
        options={mailboxOptions(mailboxes)}
        selected={draft.mailboxes}
        onChange={(selected) => onChange({ mailboxes: selected })}
        emptyText="No tracked mailboxes yet: add mailboxes first."
      />
      <ChipsInput
        label="Domains and addresses"
        required
        value={draft.targets}
        onChange={(targets) => onChange({ targets })}
        toneOf={toneIn(check.invalidTargets)}
        placeholder="bigclient.com, *.bigclient.com, ceo@client.com"
        hint="Watch emails from a domain, all its subdomains (*.domain.com) or one address."
        error={errorIf(check.invalidTargets, ALERT_TEXTS.targets)}
      />
      <ChipsInput
        label="Notification emails"
        required
        value={draft.notifyEmails}
        onChange={(notifyEmails) => onChange({ notifyEmails })}
        toneOf={toneIn(check.invalidNotifyEmails)}
        placeholder="name@company.com"
        hint="Who gets the alert. Separate addresses with a comma, a space or Enter."
        error={errorIf(check.invalidNotifyEmails, ALERT_TEXTS.notifyEmails)}
      />
      <TextInput
        label="Webhook (optional)"
        value={draft.notifyWebhook ?? ''}
        maxLength={2000}
        inputMode="url"
        placeholder="https://hooks.slack.com/services/…"
        hint="Also post the alert here (Slack, Teams or your own endpoint), signed."
        error={check.webhookInvalid ? ALERT_TEXTS.webhook : undefined}
        onChange={(event) => onChange({ notifyWebhook: event.target.value })}
      />
    </>
  );
}
