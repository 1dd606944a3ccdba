import { useActorRef, useSelector } from '@xstate/react';
import type { CompanyHoursMachine } from '@/machines/business-hours/company-hours.machine';
import { companyHoursView } from '@/machines/business-hours/company-hours.view';
import { sameView } from '@/machines/shared/same-view';
import { PageHeader } from '@/ui/Page';
import { ReadOnlyNote } from '@/ui/ReadOnlyNote';
import { TimezoneSelect, WeeklyHoursEditor } from '@/ui/WeeklyHoursEditor';
import { SettingsFormCard } from '../SettingsFormCard';

interface CompanyHoursPageProps {
  readOnly: boolean;
  machine: CompanyHoursMachine;
}

/** The company's weekly hours and timezone. */
export function CompanyHoursPage({ readOnly, machine }: CompanyHoursPageProps) {
  const actor = useActorRef(machine);
  const { draft, ...form } = useSelector(actor, companyHoursView, sameView);
  const send: typeof actor.send = (event) => actor.send(event);
  return (
    <>
      <PageHeader
        level={2}
        title="Business Hours"
        subtitle="Your company's weekly working hours and timezone. Response times only count the time inside them."
      />
      {readOnly && <ReadOnlyNote />}
      <SettingsFormCard
        title="Weekly hours"
        subtitle="Mailboxes follow these hours unless they have their own, set from the mailboxes list."
        form={form}
        loadingLabel="Loading business hours"
        onRetry={() => send({ type: 'RETRY' })}
        readOnly={readOnly}
        onSave={() => send({ type: 'SAVE' })}
      >
        <WeeklyHoursEditor
          week={draft.week}
          disabled={readOnly}
          onToggle={(day) => send({ type: 'TOGGLE_DAY', day })}
          onStart={(day, time) => send({ type: 'SET_START', day, time })}
          onEnd={(day, time) => send({ type: 'SET_END', day, time })}
        />
        <div className="settings-subsection">
          <TimezoneSelect
            value={draft.timezone}
            disabled={readOnly}
            onChange={(timezone) => send({ type: 'SET_TIMEZONE', timezone })}
          />
        </div>
      </SettingsFormCard>
    </>
  );
}
