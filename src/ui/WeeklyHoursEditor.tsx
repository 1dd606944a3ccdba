import { WEEKDAYS, type Weekday } from '@common/business-hours';
import {
  END_SLOTS,
  formatTime,
  TIME_SLOTS,
  timezoneChoices,
  timezoneLabel,
  WEEKDAY_LABELS,
  type WeekHours,
} from '@/domain/business-hours';
import { Select, type SelectOption } from './Select';
import { Switch } from './Switch';
import './WeeklyHoursEditor.css';

/** Slot choices, plus the current time when it is off the 30-minute grid (set elsewhere). */
function timeOptions(slots: readonly string[], current: string, after?: string): SelectOption[] {
  const times = slots.includes(current) ? slots : [...slots, current].sort();
  return times.map((time) => ({
    value: time,
    label: formatTime(time),
    disabled: after !== undefined && time <= after,
  }));
}

export interface WeeklyHoursEditorProps {
  week: WeekHours;
  onToggle: (day: Weekday) => void;
  onStart: (day: Weekday, time: string) => void;
  onEnd: (day: Weekday, time: string) => void;
  /** Read-only: every control is disabled. */
  disabled?: boolean;
}

/** A row per weekday: an on/off switch, then its start and end in 30-minute steps. */
export function WeeklyHoursEditor({
  week,
  onToggle,
  onStart,
  onEnd,
  disabled,
}: WeeklyHoursEditorProps) {
  return (
    <ul className="weekly-hours" aria-label="Weekly hours">
      {WEEKDAYS.map((day) => {
        const { enabled, start, end } = week[day];
        const label = WEEKDAY_LABELS[day];
        return (
          <li key={day} className="weekly-hours-row" data-enabled={enabled}>
            <Switch
              checked={enabled}
              onCheckedChange={() => onToggle(day)}
              label={label}
              disabled={disabled}
            />
            {enabled ? (
              <div className="weekly-hours-times">
                <Select
                  label={`${label} start`}
                  hideLabel
                  value={start}
                  options={timeOptions(TIME_SLOTS, start)}
                  onChange={(event) => onStart(day, event.target.value)}
                  disabled={disabled}
                />
                <span className="weekly-hours-dash" aria-hidden="true">
                  –
                </span>
                <Select
                  label={`${label} end`}
                  hideLabel
                  value={end}
                  options={timeOptions(END_SLOTS, end, start)}
                  onChange={(event) => onEnd(day, event.target.value)}
                  disabled={disabled}
                />
              </div>
            ) : (
              <span className="weekly-hours-closed">Closed</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export interface TimezoneSelectProps {
  value: string;
  onChange: (timezone: string) => void;
  disabled?: boolean;
  error?: string;
}

/** IANA timezones, shown with spaces and sent with underscores. */
export function TimezoneSelect({ value, onChange, disabled, error }: TimezoneSelectProps) {
  const options = timezoneChoices(value).map((zone) => ({
    value: zone,
    label: timezoneLabel(zone),
  }));
  return (
    <Select
      label="Timezone"
      className="timezone-select"
      value={value}
      placeholder="Choose a timezone"
      options={options}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      error={error}
    />
  );
}
