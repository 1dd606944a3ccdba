import { useSelector } from '@xstate/react';
import type { ContactGroup } from '@/api/types';
import { contactCount } from '@/domain/contact-groups';
import type { ContactGroupsEvent } from '@/machines/contact-groups/contact-groups.setup';
import type { TableActor } from '@/machines/shared/table.machine';
import { sameView } from '@/machines/shared/same-view';
import { tableView } from '@/machines/shared/table.view';
import { PlusIcon } from '@/ui/icons';
import { RowMenu } from '@/ui/table/RowMenu';
import { SortButton } from '@/ui/SortButton';

interface GroupsPanelProps {
  /** The groups' order and sort. */
  table: TableActor;
  groups: ContactGroup[];
  selected: string | null;
  readOnly: boolean;
  send: (event: ContactGroupsEvent) => void;
}

/** The left panel: every group with its count; choosing one shows its contacts. */
export function GroupsPanel({ table, groups, selected, readOnly, send }: GroupsPanelProps) {
  const { visible: keys, sortDirection } = useSelector(table, tableView, sameView);
  const byName = new Map(groups.map((group) => [group.contact_group, group]));
  return (
    <section className="cg-panel cg-groups" aria-labelledby="cg-groups-title">
      <header className="cg-panel-header">
        <h3 id="cg-groups-title" className="cg-panel-title">
          Groups <span className="cg-panel-count">{groups.length}</span>
        </h3>
        {!readOnly && (
          <button
            type="button"
            className="cg-link-button"
            onClick={() => send({ type: 'OPEN_ADD_GROUP' })}
          >
            <PlusIcon size={16} />
            New group
          </button>
        )}
      </header>
      <div className="cg-column-head">
        <SortButton
          className="cg-sort"
          namesOrder
          label="Name"
          direction={sortDirection ?? 'ascending'}
          onClick={() => send({ type: 'SORT_GROUPS' })}
        />
      </div>
      <ul className="cg-group-list" aria-label="Contact groups">
        {keys
          .flatMap((key) => byName.get(key) ?? [])
          .map(({ contact_group: name, contacts_number: count }) => (
            <li
              key={name}
              className="cg-group"
              aria-current={name === selected ? 'true' : undefined}
            >
              <button
                type="button"
                className="cg-group-button"
                aria-pressed={name === selected}
                onClick={() => send({ type: 'SELECT_GROUP', name })}
              >
                <span className="cg-group-name">{name}</span>
                <span className="cg-group-count">{contactCount(count)}</span>
              </button>
              {!readOnly && (
                <RowMenu
                  label={`Actions for ${name}`}
                  items={[
                    { label: 'Rename', onSelect: () => send({ type: 'OPEN_RENAME', name }) },
                    {
                      label: 'Remove group',
                      danger: true,
                      onSelect: () => send({ type: 'OPEN_REMOVE_GROUP', name }),
                    },
                  ]}
                />
              )}
            </li>
          ))}
      </ul>
    </section>
  );
}
