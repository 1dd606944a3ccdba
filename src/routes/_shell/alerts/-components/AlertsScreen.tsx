import type { Alert } from '@/api/types';
import { useActorRef, useSelector } from '@xstate/react';
import type { AlertsInput, AlertsMachine } from '@/machines/alerts/alerts.machine';
import { alertsView, type AlertItem } from '@/machines/alerts/alerts.view';
import { sameView } from '@/machines/shared/same-view';
import type { UserInfo } from '@/session/user-info';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { BellIcon, InfoIcon, PlusIcon, SearchIcon } from '@/ui/icons';
import { PageHeader } from '@/ui/Page';
import { ReadOnlyNote } from '@/ui/ReadOnlyNote';
import { ListTable } from '@/screens/table/ListTable';
import type { RowMenuItem } from '@/ui/table/table-types';
import { ALERT_COLUMNS } from './alert-columns';
import { AlertDialog } from './AlertDialog';
import { RemoveAlertsDialog } from './RemoveAlertsDialog';
import { useAlertItems } from './use-alert-items';
import './AlertsScreen.css';

interface AlertsScreenProps {
  machine: AlertsMachine;
  user: UserInfo;
  seed: AlertsInput['seed'];
}

/** The Alerts page: usage badge, the table, the alert and delete modals. */
export function AlertsScreen({ machine, user, seed }: AlertsScreenProps) {
  const actor = useActorRef(machine, {
    input: { seed, features: user.features, maxAlerts: user.maxAlerts, userEmail: user.email },
  });
  const view = useSelector(actor, alertsView, sameView);
  const { alerts, status, remover } = view;
  const items = useAlertItems(alerts, view.toggles);
  const writable = !user.features.alerts.read_only;

  const remove = (list: Alert[]) => actor.send({ type: 'REMOVE', alerts: list });
  const removeItems = (list: AlertItem[]) => remove(list.map((item) => item.alert));
  const rowMenu = ({ alert, toggle, status: toggleStatus }: AlertItem): RowMenuItem[] => [
    { label: 'Edit alert', onSelect: () => actor.send({ type: 'EDIT', alert }) },
    ...(toggleStatus === 'active'
      ? [{ label: 'Pause alert', onSelect: () => toggle.send({ type: 'PAUSE' }) }]
      : []),
    ...(toggleStatus === 'paused'
      ? [{ label: 'Resume alert', onSelect: () => toggle.send({ type: 'RESUME' }) }]
      : []),
    { label: 'Delete alert', danger: true, onSelect: () => remove([alert]) },
  ];
  // At the limit the machine refuses CREATE with a toast, so the buttons stay enabled.
  const createButton = (label: string, variant: 'primary' | 'secondary' = 'primary') =>
    writable && (
      <Button
        variant={variant}
        icon={<PlusIcon size={16} />}
        onClick={() => actor.send({ type: 'CREATE' })}
      >
        {label}
      </Button>
    );

  return (
    <>
      <PageHeader
        title={
          <span className="alerts-title">
            Alerts
            {status === 'ready' && alerts.length > 0 && (
              <Badge tone="brand">
                {alerts.length} of {user.maxAlerts} used
              </Badge>
            )}
          </span>
        }
        subtitle="Set up alerts for unreplied emails to prevent slow responses and missed emails."
        actions={createButton('Create a new alert')}
      />
      {!writable && <ReadOnlyNote />}
      {!view.emailDelivery && (
        <p className="read-only-note" role="status">
          <InfoIcon size={18} />
          Alert emails are not being sent: this server has no SMTP server (SMTP_URL). They are kept
          and go out once one is set.
        </p>
      )}
      <ListTable
        tab={actor}
        label="Alerts"
        columns={ALERT_COLUMNS}
        items={items}
        rowName={({ alert }) => alert.name}
        writable={writable}
        rowMenu={rowMenu}
        onRemove={removeItems}
        removeLabel="Delete alerts"
        searchPlaceholder="Search by alert name"
        emptyState={
          <EmptyState
            icon={<BellIcon size={26} />}
            title="Never miss an important email again"
            text="Get alerted when an important customer has not been replied to within 2 hours."
            action={createButton('Create my first alert')}
          />
        }
        noMatchesState={(query) => (
          <EmptyState
            icon={<SearchIcon size={26} />}
            title="No alerts found"
            text={`Your search "${query.trim()}" didn't match any alert. Please try again or add a new alert.`}
            action={createButton('Create a new alert', 'secondary')}
          />
        )}
      />
      {view.editor && (
        <AlertDialog
          actor={actor}
          editor={view.editor}
          fetching={view.fetching}
          mailboxes={view.mailboxes}
        />
      )}
      {remover && <RemoveAlertsDialog remover={remover} />}
    </>
  );
}
