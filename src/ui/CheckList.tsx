import { useId, useState } from 'react';
import { Checkbox } from './Checkbox';
import { labelClass } from './Field';
import './CheckList.css';

export interface CheckListOption {
  value: string;
  label: string;
  /** A second, quieter line, e.g. a mailbox's name under its address. */
  detail?: string;
}

interface CheckListProps {
  label: string;
  options: readonly CheckListOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** Shown when there is nothing to choose from. */
  emptyText: string;
  /** At least one must be chosen: the label gets the required mark. */
  required?: boolean;
}

/** Lists longer than this get a filter box. */
const FILTER_FROM = 7;

/**
 * A multiple choice as a list of checkboxes in a box of at most 200 px, with a filter for long lists and a count of what is chosen.
 */
export function CheckList(props: CheckListProps) {
  const { label, options, selected, onChange, emptyText, required } = props;
  const [filter, setFilter] = useState('');
  const legendId = useId();
  const chosen = new Set(selected);
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? options.filter((o) => `${o.label} ${o.detail ?? ''}`.toLowerCase().includes(needle))
    : options;
  const toggle = (value: string) =>
    onChange(chosen.has(value) ? selected.filter((v) => v !== value) : [...selected, value]);

  return (
    <fieldset className="check-list" aria-labelledby={legendId}>
      <div className="check-list-head">
        <span id={legendId} className={labelClass(required)}>
          {label}
        </span>
        <span className="check-list-count">{selected.length} selected</span>
      </div>
      {options.length >= FILTER_FROM && (
        <input
          type="search"
          className="input check-list-filter"
          placeholder={`Filter ${label.toLowerCase()}`}
          aria-label={`Filter ${label.toLowerCase()}`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <ul className="check-list-options">
        {options.length === 0 && <li className="check-list-empty">{emptyText}</li>}
        {options.length > 0 && shown.length === 0 && (
          <li className="check-list-empty">Nothing matches “{filter.trim()}”.</li>
        )}
        {shown.map((option) => (
          <li key={option.value}>
            <Checkbox
              className="check-list-option"
              checked={chosen.has(option.value)}
              onChange={() => toggle(option.value)}
              label={
                <>
                  <span className="check-list-label">{option.label}</span>
                  {option.detail && <span className="check-list-detail">{option.detail}</span>}
                </>
              }
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The tracked mailboxes to choose from: address, with the mailbox's name under it. */
export const mailboxOptions = (
  mailboxes: readonly { email: string; full_name: string }[],
): CheckListOption[] =>
  mailboxes.map((mailbox) => ({
    value: mailbox.email,
    label: mailbox.email,
    detail: mailbox.full_name,
  }));
