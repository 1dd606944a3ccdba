import type { DashboardFilters } from '@/api/types';
import {
  lastDays,
  listOf,
  PRESET_DAYS,
  TARGETS,
  DEFAULT_TARGET,
  type DashboardSearch,
  type DayRange,
} from '@/domain/dashboard-search';
import { FilterMenu } from './FilterMenu';
import { Segmented } from './Segmented';

interface FilterBarProps {
  search: DashboardSearch;
  range: DayRange;
  today: string;
  choices: DashboardFilters;
  canFilterMailboxes: boolean;
  onSearch: (search: DashboardSearch) => void;
}

type RangeChoice = '7' | '30' | '90' | 'custom';

const RANGE_OPTIONS = [
  ...PRESET_DAYS.map((days) => ({
    value: String(days) as RangeChoice,
    label: `Last ${days} days`,
  })),
  { value: 'custom' as const, label: 'Custom' },
];

const TARGET_OPTIONS = TARGETS.map((seconds) => ({
  value: String(seconds),
  label: `${seconds / 3600} h`,
}));

const joined = (values: string[]) => (values.length ? values.join(',') : undefined);

/** The page's filters; each change becomes new search params. */
export function FilterBar({
  search,
  range,
  today,
  choices,
  canFilterMailboxes,
  onSearch,
}: FilterBarProps) {
  const preset = PRESET_DAYS.find((days) => {
    const last = lastDays(today, days);
    return last.from === range.from && last.to === range.to;
  });
  const rangeChoice: RangeChoice = preset ? (String(preset) as RangeChoice) : 'custom';
  const chooseRange = (value: RangeChoice) => {
    if (value === 'custom') onSearch({ ...search, ...range });
    else onSearch({ ...search, ...lastDays(today, Number(value)) });
  };
  const setDate = (key: 'from' | 'to', value: string) => {
    if (value) onSearch({ ...search, ...range, [key]: value });
  };
  return (
    <section className="filter-bar" aria-label="Filters">
      <Segmented
        label="Period"
        options={RANGE_OPTIONS}
        value={rangeChoice}
        onChange={chooseRange}
      />
      {rangeChoice === 'custom' && (
        <div className="filter-dates">
          <label className="filter-date">
            <span>From</span>
            <input
              type="date"
              className="text-input"
              value={range.from}
              max={range.to}
              onChange={(event) => setDate('from', event.target.value)}
            />
          </label>
          <label className="filter-date">
            <span>To</span>
            <input
              type="date"
              className="text-input"
              value={range.to}
              min={range.from}
              onChange={(event) => setDate('to', event.target.value)}
            />
          </label>
        </div>
      )}
      {canFilterMailboxes && (
        <FilterMenu
          label="Mailboxes"
          allLabel="All mailboxes"
          options={choices.mailboxes.map((m) => ({
            value: m.email,
            label: m.full_name || m.email,
            detail: m.email,
          }))}
          selected={listOf(search.mailboxes)}
          onChange={(values) => onSearch({ ...search, mailboxes: joined(values) })}
        />
      )}
      {choices.teams.length > 0 && (
        <FilterMenu
          label="Teams"
          allLabel="All teams"
          options={choices.teams.map((t) => ({ value: String(t.team_id), label: t.name }))}
          selected={listOf(search.teams)}
          onChange={(values) => onSearch({ ...search, teams: joined(values) })}
        />
      )}
      {choices.contact_groups.length > 0 && (
        <FilterMenu
          label="Contact groups"
          allLabel="All contacts"
          options={choices.contact_groups.map((name) => ({ value: name, label: name }))}
          selected={listOf(search.contact_groups)}
          onChange={(values) => onSearch({ ...search, contact_groups: joined(values) })}
        />
      )}
      <div className="filter-target">
        <span className="filter-target-label">Target</span>
        <Segmented
          label="Response-time target"
          options={TARGET_OPTIONS}
          value={String(search.target ?? DEFAULT_TARGET)}
          onChange={(value) => onSearch({ ...search, target: Number(value) })}
        />
      </div>
    </section>
  );
}
