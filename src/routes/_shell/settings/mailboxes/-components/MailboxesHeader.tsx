import { Link } from '@tanstack/react-router';
import type { MailboxesActor } from '@/machines/mailboxes/mailboxes.machine';
import { Badge } from '@/ui/Badge';
import { buttonClassName } from '@/ui/Button';
import { PlusIcon } from '@/ui/icons';
import { PageHeader } from '@/ui/Page';
import '../../-components/settings-lists.css';

interface MailboxesHeaderProps {
  actor: MailboxesActor;
  /** The number of tracked mailboxes, once known. */
  used: number | null;
  max: number;
  writable: boolean;
}

/** The tab's title with the usage badge (`N of max used`), and Add mailboxes. */
export function MailboxesHeader({ actor, used, max, writable }: MailboxesHeaderProps) {
  return (
    <PageHeader
      level={2}
      title={
        <span className="settings-tab-title">
          Mailboxes
          {used !== null && (
            <Badge tone="brand">
              {used} of {max} used
            </Badge>
          )}
        </span>
      }
      subtitle="The company mailboxes whose email statistics appear on your dashboard."
      actions={
        writable && (
          <Link
            to="/settings/mailboxes/add"
            className={buttonClassName()}
            onClick={(event) => {
              // At the limit the machine takes ADD and opens the limit modal instead.
              if (!actor.getSnapshot().can({ type: 'ADD' })) return;
              event.preventDefault();
              actor.send({ type: 'ADD' });
            }}
          >
            <PlusIcon size={16} />
            Add mailboxes
          </Link>
        )
      }
    />
  );
}
