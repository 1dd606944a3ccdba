import type { DashboardFilters } from '@/api/types';
import {
  lastDays,
  listOf,
  PRESET_DAYS,
  TARGETS,
  type DashboardSearch,
  type DayRange,
} from '@/domain/dashboard-search';
import { DEFAULT_TARGET } from '@common/response-target';
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

const DATE_FIELDS = [
  { key: 'from', label: 'From' },
  { key: 'to', label: 'To' },
] as const;

/** The list filters that have something to choose: mailboxes (when allowed), teams, groups. */
function filterMenus(choices: DashboardFilters, canFilterMailboxes: boolean) {
  const menus = [
    {
      key: 'mailboxes' as const,
      label: 'Mailboxes',
      allLabel: 'All mailboxes',
      shown: canFilterMailboxes,
      options: choices.mailboxes.map((m) => ({
        value: m.email,
        label: m.full_name || m.email,
        detail: m.email,
      })),
    },
    {
      key: 'teams' as const,
      label: 'Teams',
      allLabel: 'All teams',
      shown: choices.teams.length > 0,
      options: choices.teams.map((t) => ({ value: String(t.team_id), label: t.name })),
    },
    {
      key: 'contact_groups' as const,
      label: 'Contact groups',
      allLabel: 'All contacts',
      shown: choices.contact_groups.length > 0,
      options: choices.contact_groups.map((name) => ({ value: name, label: name })),
    },
  ];
  return menus.filter((menu) => menu.shown);
}

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
          {DATE_FIELDS.map(({ key, label }) => (
            <label key={key} className="filter-date">
              <span>{label}</span>
              <input
                type="date"
                className="text-input"
                value={range[key]}
                {...(key === 'from' ? { max: range.to } : { min: range.from })}
                onChange={(event) => setDate(key, event.target.value)}
              />
            </label>
          ))}
        </div>
      )}
      {filterMenus(choices, canFilterMailboxes).map((menu) => (
        <FilterMenu
          key={menu.key}
          label={menu.label}
          allLabel={menu.allLabel}
          options={menu.options}
          selected={listOf(search[menu.key])}
          onChange={(values) => onSearch({ ...search, [menu.key]: joined(values) })}
        />
      ))}
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
