import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { HolidaysMachine } from '@/machines/business-hours/holidays.machine';
import { importView } from '@/machines/business-hours/holidays.view';
import { sameView } from '@/machines/shared/same-view';
import { Badge } from '@/ui/Badge';
import { Checkbox } from '@/ui/Checkbox';
import { holidayDates } from './holiday-dates';

/** The import's holidays, each with its tick; dates already taken are shown, not tickable. */
export function ImportPreview({ actor }: { actor: ActorRefFrom<HolidaysMachine> }) {
  const { rows, ticked, allTicked, saving } = useSelector(actor, importView, sameView);
  if (rows.length === 0) {
    return <p className="holiday-note">This country has no public holidays in those years.</p>;
  }
  return (
    <div className="holiday-preview">
      <Checkbox
        className="holiday-preview-all"
        label={`Select all (${ticked.length} of ${rows.length} selected)`}
        checked={allTicked}
        indeterminate={ticked.length > 0 && !allTicked}
        disabled={saving}
        onChange={() => actor.send({ type: 'TOGGLE_ALL' })}
      />
      <ul className="holiday-preview-list" aria-label="Holidays to import">
        {rows.map((row) => (
          <li key={row.date} className="holiday-preview-row">
            <Checkbox
              label={
                <span className="holiday-preview-label">
                  <span className="holiday-preview-date">{holidayDates(row)}</span>
                  <span className="holiday-preview-name">{row.name}</span>
                </span>
              }
              checked={ticked.includes(row.date)}
              disabled={saving || row.existing !== null}
              onChange={() => actor.send({ type: 'TOGGLE_ROW', date: row.date })}
            />
            {row.existing !== null && <Badge tone="neutral">Already added: {row.existing}</Badge>}
            {row.existing === null && !row.suggested && (
              <Badge tone="warning">Part day or bank</Badge>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
