import type { Contact } from '@/api/types';
import type { SortDirection } from '@/domain/contact-groups';
import type { ContactGroupsEvent } from '@/machines/contact-groups.setup';
import { Button } from '@/ui/Button';
import { Checkbox } from '@/ui/Checkbox';
import { ErrorState } from '@/ui/ErrorState';
import { PlusIcon, TrashIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';
import { RowMenu } from '@/ui/table/RowMenu';
import { TruncatedText } from '@/ui/TruncatedText';
import { SortButton } from './SortButton';

interface ContactsPanelProps {
  group: string;
  contacts: Contact[];
  selectedIds: number[];
  sort: SortDirection;
  status: 'loading' | 'ready' | 'failed';
  readOnly: boolean;
  send: (event: ContactGroupsEvent) => void;
}

function ContactRows({ contacts, selectedIds, readOnly, send }: ContactsPanelProps) {
  return (
    <ul className="cg-contact-list" aria-label="Contacts">
      {contacts.map(({ id, item }) => (
        <li key={id} className="cg-contact" data-selected={selectedIds.includes(id) || undefined}>
          {!readOnly && (
            <Checkbox
              aria-label={`Select ${item}`}
              checked={selectedIds.includes(id)}
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
  const { group, contacts, selectedIds, sort, status, readOnly, send } = props;
  const all = contacts.length > 0 && selectedIds.length === contacts.length;
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
            checked={all}
            indeterminate={selectedIds.length > 0 && !all}
            disabled={status !== 'ready' || contacts.length === 0}
            onChange={() => send({ type: 'TOGGLE_ALL' })}
          />
        )}
        <SortButton
          label="Contact"
          direction={sort}
          onClick={() => send({ type: 'SORT_CONTACTS' })}
        />
      </div>
      {body}
    </section>
  );
}
