import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { HolidaysMachine } from '@/machines/business-hours/holidays.machine';
import { holidaysView } from '@/machines/business-hours/holidays.view';
import { sameView } from '@/machines/shared/same-view';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { PlusIcon, TrashIcon } from '@/ui/icons';
import { Card } from '@/ui/Page';
import { Spinner } from '@/ui/Spinner';
import { AddHolidayDialog } from './AddHolidayDialog';
import { holidayDates } from './holiday-dates';
import { ImportHolidaysDialog } from './ImportHolidaysDialog';
import './holidays.css';

type HolidaysActor = ActorRefFrom<HolidaysMachine>;

const sourceLabel = (source: string) =>
  source === 'manual' ? 'Added by hand' : `Imported (${source})`;

function HolidayRows({ actor, readOnly }: { actor: HolidaysActor; readOnly: boolean }) {
  const { holidays, removing } = useSelector(actor, holidaysView, sameView);
  if (holidays.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        title="No holidays yet"
        text="Add the days your team is closed, or import a country's public holidays."
      />
    );
  }
  return (
    <table className="holidays-table">
      <caption className="visually-hidden">Company holidays</caption>
      <thead>
        <tr>
          <th scope="col">Dates</th>
          <th scope="col">Name</th>
          <th scope="col">Source</th>
          {!readOnly && (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {holidays.map((holiday) => (
          <tr key={holiday.date}>
            <td className="holidays-dates">{holidayDates(holiday)}</td>
            <td>{holiday.name}</td>
            <td className="holidays-source">{sourceLabel(holiday.source)}</td>
            {!readOnly && (
              <td className="holidays-actions">
                <Button
                  variant="ghost"
                  size="small"
                  icon={<TrashIcon size={16} />}
                  busy={removing === holiday.date}
                  busyLabel="Removing..."
                  disabled={removing !== null}
                  aria-label={`Remove ${holiday.name}`}
                  onClick={() => actor.send({ type: 'REMOVE', date: holiday.date })}
                />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface HolidaysCardProps {
  machine: HolidaysMachine;
  readOnly: boolean;
}

/** Company holidays: closed days listed by date, added by hand or imported for a country. */
export function HolidaysCard({ machine, readOnly }: HolidaysCardProps) {
  const actor = useActorRef(machine);
  const { status, adding, importing } = useSelector(actor, holidaysView, sameView);
  return (
    <Card>
      <section className="settings-section holidays" aria-labelledby="holidays-title">
        <header className="settings-section-header">
          <div className="settings-section-heading">
            <h3 id="holidays-title" className="settings-section-title">
              Holidays
            </h3>
            <p className="settings-section-text">
              Closed days count no business time, whole days from 00:00 to 24:00 in each
              mailbox&apos;s timezone. Mailboxes on Company hours follow them; Custom hours can
              follow them, a country&apos;s public holidays or none.
            </p>
          </div>
          {!readOnly && status === 'ready' && (
            <div className="holidays-buttons">
              <Button variant="secondary" onClick={() => actor.send({ type: 'IMPORT' })}>
                Import holidays
              </Button>
              <Button icon={<PlusIcon size={16} />} onClick={() => actor.send({ type: 'ADD' })}>
                Add holiday
              </Button>
            </div>
          )}
        </header>
        {status === 'loading' && (
          <div className="settings-loading">
            <Spinner label="Loading holidays" />
          </div>
        )}
        {status === 'failed' && <ErrorState onRefresh={() => actor.send({ type: 'RETRY' })} />}
        {status === 'ready' && <HolidayRows actor={actor} readOnly={readOnly} />}
      </section>
      {adding && <AddHolidayDialog actor={actor} />}
      {importing && <ImportHolidaysDialog actor={actor} />}
    </Card>
  );
}
