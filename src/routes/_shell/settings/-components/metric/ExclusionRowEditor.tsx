import type { ExclusionRow } from '@/domain/exclusion-rows';
import {
  FIELD_LABELS,
  FILTER_OPERATORS,
  isFreeTextField,
  type FilterField,
  type FilterOperator,
} from '@common/exclusions';
import type { ExclusionsEvent } from '@/machines/metric-adjustments/exclusions.machine';
import { Button } from '@/ui/Button';
import { ChipsInput } from '@/ui/ChipsInput';
import { TrashIcon } from '@/ui/icons';
import { Select } from '@/ui/Select';
import { useChipEdits } from '@/ui/use-chip-edits';

export const INVALID_CONDITION_ENTRIES = 'Some of these entries are not valid for this condition.';

const OPERATOR_OPTIONS = FILTER_OPERATORS.map((operator) => ({ value: operator, label: operator }));

function placeholderFor(field: FilterField, operator: FilterOperator): string {
  if (isFreeTextField(field)) return 'Type a value and press Enter';
  if (operator === 'contains') return 'Type part of it and press Enter';
  return field === 'addresses' ? 'name@company.com' : 'company.com or *.company.com';
}

interface ExclusionRowEditorProps {
  row: ExclusionRow;
  /** 1-based, for the controls' accessible names. */
  position: number;
  fields: readonly FilterField[];
  readOnly: boolean;
  /** While saving: controls stay in place, disabled. */
  busy: boolean;
  send: (event: ExclusionsEvent) => void;
}

/** One condition: field, operator, entries and a delete button. */
export function ExclusionRowEditor({
  row,
  position,
  fields,
  readOnly,
  busy,
  send,
}: ExclusionRowEditorProps) {
  const disabled = readOnly || busy;
  const name = `Condition ${position}`;
  const hasInvalid = row.items.some((entry) => !entry.valid);
  const chips = useChipEdits({
    items: row.items,
    onAdd: (items) => send({ type: 'ADD_ITEMS', id: row.id, items }),
    onRemove: (item) => send({ type: 'REMOVE_ITEM', id: row.id, item }),
  });
  return (
    <li className="exclusion-row">
      <Select
        label={`${name} field`}
        hideLabel
        className="exclusion-field"
        value={row.field}
        options={fields.map((field) => ({ value: field, label: FIELD_LABELS[field] }))}
        disabled={disabled}
        onChange={(event) =>
          send({ type: 'SET_FIELD', id: row.id, field: event.target.value as FilterField })
        }
      />
      <Select
        label={`${name} operator`}
        hideLabel
        className="exclusion-operator"
        value={row.operator}
        options={OPERATOR_OPTIONS}
        disabled={disabled}
        onChange={(event) =>
          send({ type: 'SET_OPERATOR', id: row.id, operator: event.target.value as FilterOperator })
        }
      />
      <div className="exclusion-values">
        <ChipsInput
          label={`${name} values`}
          hideLabel
          size="line"
          {...chips}
          split={isFreeTextField(row.field) ? 'lines' : 'words'}
          placeholder={placeholderFor(row.field, row.operator)}
          disabled={disabled}
          error={hasInvalid ? INVALID_CONDITION_ENTRIES : undefined}
        />
      </div>
      {!readOnly && (
        <Button
          variant="ghost"
          className="exclusion-remove"
          aria-label={`Remove ${name.toLowerCase()}`}
          disabled={busy}
          onClick={() => send({ type: 'REMOVE_ROW', id: row.id })}
        >
          <TrashIcon size={18} />
        </Button>
      )}
    </li>
  );
}
