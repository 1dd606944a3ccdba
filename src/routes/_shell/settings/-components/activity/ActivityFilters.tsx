import type { FormEvent } from 'react';
import {
  ACTOR_MAX_LENGTH,
  hasFilters,
  TARGET_MAX_LENGTH,
  type ActivityFilters as Filters,
  type ActivitySearch,
} from '@/domain/activity-search';
import { OPERATION_GROUPS, operationLabel } from '@/domain/audit-operations';
import { Button } from '@/ui/Button';
import { DateInput } from '@/ui/DateInput';
import { Select } from '@/ui/Select';
import { TextInput } from '@/ui/TextInput';

interface ActivityFiltersProps {
  search: ActivitySearch;
  /** New filters; the page goes back to the first. */
  onFilters: (change: Filters) => void;
}

const OPERATION_CHOICES = OPERATION_GROUPS.map((group) => ({
  label: group.label,
  options: Object.entries(group.operations).map(([value, label]) => ({ value, label })),
}));
const KNOWN = new Set(OPERATION_CHOICES.flatMap((group) => group.options.map((o) => o.value)));

/** All operations, and one the URL names that the list does not (a CLI command, a newer one). */
function operationOptions(current: string | undefined) {
  const all = { value: '', label: 'All operations' };
  return current && !KNOWN.has(current)
    ? [all, { value: current, label: operationLabel(current) }]
    : [all];
}

export const NO_FILTERS: Filters = {
  from: undefined,
  to: undefined,
  actor: undefined,
  operation: undefined,
  target: undefined,
};

const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/**
 * The log's filters. Dates and the operation apply as they change; the actor and target texts
 * apply on Enter or Apply (they are read from the form then, and start again from the URL's
 * values whenever it changes).
 */
export function ActivityFilters({ search, onFilters }: ActivityFiltersProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onFilters({ actor: textOf(form, 'actor'), target: textOf(form, 'target') });
  };
  return (
    <form className="activity-filters" aria-label="Filter activity" onSubmit={submit}>
      <DateInput
        label="From"
        value={search.from ?? ''}
        max={search.to}
        onChange={(value) => onFilters({ from: value || undefined })}
      />
      <DateInput
        label="To"
        value={search.to ?? ''}
        min={search.from}
        onChange={(value) => onFilters({ to: value || undefined })}
      />
      <TextInput
        key={`actor-${search.actor ?? ''}`}
        label="Actor"
        name="actor"
        type="search"
        defaultValue={search.actor ?? ''}
        maxLength={ACTOR_MAX_LENGTH}
        placeholder="Email or cli"
      />
      <Select
        label="Operation"
        className="activity-operation"
        value={search.operation ?? ''}
        options={operationOptions(search.operation)}
        groups={OPERATION_CHOICES}
        onChange={(event) => onFilters({ operation: event.target.value || undefined })}
      />
      <TextInput
        key={`target-${search.target ?? ''}`}
        label="Target"
        name="target"
        type="search"
        defaultValue={search.target ?? ''}
        maxLength={TARGET_MAX_LENGTH}
        placeholder="Team, name or id"
      />
      <div className="activity-filter-actions">
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {hasFilters(search) && (
          <Button variant="ghost" onClick={() => onFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
