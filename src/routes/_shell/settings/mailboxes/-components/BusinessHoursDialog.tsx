import { WEEKDAYS } from '@common/business-hours';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  formatTime,
  IGNORED_TIMEZONE,
  timezoneLabel,
  WEEKDAY_LABELS,
  type Schedule,
} from '@/domain/business-hours';
import type {
  BhsMode,
  MailboxHoursActor,
  MailboxHoursMachine,
} from '@/machines/business-hours/mailbox-hours.machine';
import type { MailboxHolidays } from '@/api/types';
import { mailboxHoursView } from '@/machines/business-hours/mailbox-hours.view';
import { sameView } from '@/machines/shared/same-view';
import { FormError } from '@/ui/Field';
import { Dialog } from '@/ui/Dialog';
import { DialogActions } from '@/ui/DialogActions';
import { ErrorState } from '@/ui/ErrorState';
import { RadioCards, type RadioCardOption } from '@/ui/RadioCards';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { TimezoneSelect, WeeklyHoursEditor } from '@/ui/WeeklyHoursEditor';
import './BusinessHoursDialog.css';

const MODES: readonly RadioCardOption<BhsMode>[] = [
  { value: 'Company', label: 'Company', description: "Follow the company's business hours." },
  { value: 'Custom', label: 'Custom', description: 'Set business hours for this mailbox only.' },
  { value: 'Ignored', label: 'Ignored', description: 'Count every hour of every day.' },
];

type Follows = MailboxHolidays['follows'];

const HOLIDAY_CHOICES: readonly RadioCardOption<Follows>[] = [
  { value: 'company', label: 'Company holidays', description: 'The closed days of the company.' },
  { value: 'country', label: 'A country', description: 'Its public holidays, for a team abroad.' },
  { value: 'none', label: 'None', description: 'No closed days: every day of these hours counts.' },
];

export const NO_DAY_MESSAGE = 'Choose at least one day with business hours.';
const NO_COUNTRY_MESSAGE = 'Choose the country whose holidays to follow.';
export const NO_TIMEZONE_MESSAGE = 'Choose a timezone other than UTC.';

function CompanySummary({ company }: { company: Schedule }) {
  const days = WEEKDAYS.filter((day) => company.week[day].enabled);
  if (days.length === 0) {
    return <p className="bh-note">The company has no business hours yet.</p>;
  }
  return (
    <div className="bh-summary">
      <dl>
        {days.map((day) => (
          <div key={day} className="bh-summary-row">
            <dt>{WEEKDAY_LABELS[day]}</dt>
            <dd>
              {formatTime(company.week[day].start)} – {formatTime(company.week[day].end)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="bh-note">Timezone: {timezoneLabel(company.timezone)}</p>
      <p className="bh-note">Closed on the company holidays.</p>
    </div>
  );
}

const FORM_ID = 'business-hours-form';

interface BodyProps {
  view: ReturnType<typeof mailboxHoursView>;
  send: MailboxHoursActor['send'];
}

function HolidayChoice({ view, send }: BodyProps) {
  const { holidays, countries, regions } = view;
  const set = (patch: Partial<MailboxHolidays>) => send({ type: 'SET_HOLIDAYS', holidays: patch });
  return (
    <div className="bh-holidays">
      <RadioCards
        legend="Holidays"
        options={HOLIDAY_CHOICES}
        value={holidays.follows}
        onChange={(follows) => set({ follows })}
      />
      {holidays.follows === 'country' && (
        <div className="bh-holiday-country">
          <Select
            label="Country"
            placeholder="Choose a country"
            options={countries.map((c) => ({ value: c.code, label: c.name }))}
            value={holidays.country ?? ''}
            error={view.noCountry ? NO_COUNTRY_MESSAGE : undefined}
            onChange={(event) => set({ country: event.target.value })}
          />
          {regions.length > 0 && (
            <Select
              label="Region"
              options={[
                { value: '', label: 'The whole country' },
                ...regions.map((r) => ({ value: r.code, label: r.name })),
              ]}
              value={holidays.region ?? ''}
              onChange={(event) => set({ region: event.target.value || null })}
            />
          )}
        </div>
      )}
    </div>
  );
}

function DialogBody({ view, send }: BodyProps) {
  const { mode, company, custom, error } = view;
  if (view.status === 'failed') return <ErrorState onRefresh={() => send({ type: 'RETRY' })} />;
  if (view.status === 'loading') {
    return (
      <div className="bh-loading">
        <Spinner label="Loading business hours" />
      </div>
    );
  }
  return (
    <form
      id={FORM_ID}
      className="bh-form"
      aria-label="Business hours of this mailbox"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <RadioCards
        legend="Mode"
        hideLegend
        options={MODES}
        value={mode}
        onChange={(next) => send({ type: 'SET_MODE', mode: next })}
      />
      {mode === 'Company' && <CompanySummary company={company} />}
      {mode === 'Custom' && (
        <div className="bh-custom">
          <WeeklyHoursEditor
            week={custom.week}
            onToggle={(day) => send({ type: 'TOGGLE_DAY', day })}
            onStart={(day, time) => send({ type: 'SET_START', day, time })}
            onEnd={(day, time) => send({ type: 'SET_END', day, time })}
          />
          {view.noDay && <p className="field-error">{NO_DAY_MESSAGE}</p>}
          <TimezoneSelect
            value={custom.timezone}
            onChange={(timezone) => send({ type: 'SET_TIMEZONE', timezone })}
            error={view.noTimezone ? NO_TIMEZONE_MESSAGE : undefined}
          />
          <HolidayChoice view={view} send={send} />
        </div>
      )}
      {mode === 'Ignored' && (
        <p className="bh-note">
          Business hours are ignored for this mailbox: every day, holidays included, counts from
          00:00 to 23:59 ({timezoneLabel(IGNORED_TIMEZONE)}).
        </p>
      )}
      <FormError>{error}</FormError>
    </form>
  );
}

interface OpenDialogProps {
  email: string;
  machine: MailboxHoursMachine;
  onClose: () => void;
  onSaved: () => void;
}

function OpenDialog({ email, machine, onClose, onSaved }: OpenDialogProps) {
  const actor = useActorRef(machine, { input: { email } });
  const view = useSelector(actor, mailboxHoursView, sameView);
  const { saved } = view;
  useEffect(() => {
    if (!saved) return;
    onSaved();
    onClose();
  }, [saved, onSaved, onClose]);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Update business hours"
      description={email}
      size="large"
      footer={
        <DialogActions
          form={FORM_ID}
          busy={view.saving}
          canSubmit={view.canSave}
          submitLabel="Save"
          onCancel={onClose}
        />
      }
    >
      <DialogBody view={view} send={(event) => actor.send(event)} />
    </Dialog>
  );
}

interface BusinessHoursDialogProps {
  /** The mailbox whose hours to change; null keeps the modal closed. */
  mailbox: { email: string } | null;
  onClose: () => void;
  /** Called once the hours are saved (the modal has toasted), just before it closes. */
  onSaved: () => void;
  /** The modal's machine, started afresh at each opening. */
  machine: MailboxHoursMachine;
}

/**
 * The update business hours modal of one mailbox: Company, Custom or Ignored. It is mounted
 * only while open, so each opening loads the mailbox's hours afresh.
 */
export function BusinessHoursDialog({
  mailbox,
  onClose,
  onSaved,
  machine,
}: BusinessHoursDialogProps) {
  if (!mailbox) return null;
  return (
    <OpenDialog
      key={mailbox.email}
      email={mailbox.email}
      machine={machine}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
