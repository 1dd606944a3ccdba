import { Link } from '@tanstack/react-router';
import { Badge } from '@/ui/Badge';
import { buttonClassName } from '@/ui/Button';
import { PlusIcon } from '@/ui/icons';
import { PageHeader } from '@/ui/Page';
import '../../-components/settings-lists.css';

interface MailboxesHeaderProps {
  /** At the limit, Add mailboxes opens the limit modal through this instead of the add page. */
  onAdd: (() => void) | null;
  /** The number of tracked mailboxes, once known. */
  used: number | null;
  max: number;
  writable: boolean;
}

/** The tab's title with the usage badge (`N of max used`), and Add mailboxes. */
export function MailboxesHeader({ onAdd, used, max, writable }: MailboxesHeaderProps) {
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
              if (!onAdd) return;
              event.preventDefault();
              onAdd();
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
