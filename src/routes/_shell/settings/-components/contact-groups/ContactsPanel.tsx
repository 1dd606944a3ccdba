import { useSelector } from '@xstate/react';
import type { Contact } from '@/api/types';
import type { ContactGroupsEvent } from '@/machines/contact-groups/contact-groups.setup';
import { selectedKeys, type TableActor } from '@/machines/shared/table.machine';
import { sameSort, selectAllBox, tableSort } from '@/machines/shared/table.view';
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

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key, index) => key === b[index]);

function ContactRows({ table, contacts, readOnly, send }: ContactsPanelProps) {
  const keys = useSelector(table, (snapshot) => snapshot.context.visible);
  const selected = useSelector(table, (snapshot) => snapshot.context.selected);
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
  const selectedIds = useSelector(
    table,
    (snapshot) => selectedKeys(snapshot.context),
    sameKeys,
  ).map(Number);
  const box = useSelector(table, selectAllBox);
  const sort = useSelector(table, tableSort, sameSort);
  let body;
  if (status === 'failed') body = <ErrorState onRefresh={() => send({ type: 'RETRY_CONTACTS' })} />;
  else if (status === 'loading') {
    body = (
      <div className="settings-loading">
        <Spinner label="Loading contacts" />
      </div>
    );
  } else body = <ContactRows {...props} />;
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
          direction={sort?.direction ?? 'ascending'}
          onClick={() => send({ type: 'SORT_CONTACTS' })}
        />
      </div>
      {body}
    </section>
  );
}
