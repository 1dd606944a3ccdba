import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Contact } from '@/api/types';
import type { ContactGroupsEvent } from '@/machines/contact-groups/contact-groups.setup';
import { sameView } from '@/machines/shared/same-view';
import type { TableActor } from '@/machines/shared/table.machine';
import { selectedKeys, tableView, type TableView } from '@/machines/shared/table.view';
import { Button } from '@/ui/Button';
import { Checkbox } from '@/ui/Checkbox';
import { ErrorState } from '@/ui/ErrorState';
import { PlusIcon, TrashIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';
import { RowMenu } from '@/ui/table/RowMenu';
import { TruncatedText } from '@/ui/TruncatedText';
import { SortButton } from '@/ui/SortButton';

interface ContactsPanelProps {
  /** The contacts' order, sort and ticks. */
  table: TableActor;
  group: string;
  contacts: Contact[];
  status: 'loading' | 'ready' | 'failed';
  readOnly: boolean;
  send: (event: ContactGroupsEvent) => void;
}

interface ContactRowsProps extends ContactsPanelProps {
  /** The contacts table's view, read by the panel around the rows. */
  view: TableView;
}

function ContactRows({ view, contacts, readOnly, send }: ContactRowsProps) {
  const { visible: keys, selected } = view;
  const byKey = new Map(contacts.map((contact) => [String(contact.id), contact]));
  return (
    <ul className="cg-contact-list" aria-label="Contacts">
      {keys
        .flatMap((key) => byKey.get(key) ?? [])
        .map(({ id, item }) => (
          <li key={id} className="cg-contact" data-selected={selected.has(String(id)) || undefined}>
            {!readOnly && (
              <Checkbox
                aria-label={`Select ${item}`}
                checked={selected.has(String(id))}
                onChange={() => send({ type: 'TOGGLE_CONTACT', id })}
              />
            )}
            <span className="cg-contact-item">{item}</span>
            <span className="cg-contact-kind">{item.includes('@') ? 'Address' : 'Domain'}</span>
            {!readOnly && (
              <RowMenu
                label={`Actions for ${item}`}
                items={[
                  {
                    label: 'Remove contact',
                    danger: true,
                    onSelect: () => send({ type: 'OPEN_REMOVE_CONTACTS', ids: [id] }),
                  },
                ]}
              />
            )}
          </li>
        ))}
    </ul>
  );
}

/** The right panel: the chosen group's contacts, with selection and removal. */
export function ContactsPanel(props: ContactsPanelProps) {
  const { table, group, status, readOnly, send } = props;
  const view = useSelector(table, tableView, sameView);
  const box = view.selectAll;
  const selectedIds = useMemo(() => selectedKeys(view).map(Number), [view]);
  let body;
  if (status === 'failed') body = <ErrorState onRefresh={() => send({ type: 'RETRY_CONTACTS' })} />;
  else if (status === 'loading') {
    body = (
      <div className="settings-loading">
        <Spinner label="Loading contacts" />
      </div>
    );
  } else body = <ContactRows {...props} view={view} />;
  return (
    <section className="cg-panel cg-contacts" aria-labelledby="cg-contacts-title">
      <header className="cg-panel-header">
        <h3 id="cg-contacts-title" className="cg-panel-title">
          <TruncatedText>{group}</TruncatedText>
        </h3>
        {!readOnly && (
          <div className="cg-actions">
            {selectedIds.length > 0 && (
              <Button
                variant="secondary"
                size="small"
                icon={<TrashIcon size={16} />}
                onClick={() => send({ type: 'OPEN_REMOVE_CONTACTS', ids: selectedIds })}
              >
                Remove contacts
              </Button>
            )}
            <Button
              size="small"
              icon={<PlusIcon size={16} />}
              onClick={() => send({ type: 'OPEN_ADD_CONTACTS' })}
            >
              Add contacts
            </Button>
          </div>
        )}
      </header>
      <div className="cg-column-head">
        {!readOnly && (
          <Checkbox
            aria-label="Select all contacts"
            checked={box === 'all'}
            indeterminate={box === 'some'}
            disabled={status !== 'ready' || box === 'disabled'}
            onChange={() => send({ type: 'TOGGLE_ALL' })}
          />
        )}
        <SortButton
          className="cg-sort"
          namesOrder
          label="Contact"
          direction={view.sortDirection ?? 'ascending'}
          onClick={() => send({ type: 'SORT_CONTACTS' })}
        />
      </div>
      {body}
    </section>
  );
}
