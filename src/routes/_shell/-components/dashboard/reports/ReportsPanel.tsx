import type { ReportSubscription } from '@/api/types';
import { useSelector } from '@xstate/react';
import { formatMoment } from '@/domain/dates';
import { FREQUENCY_TEXTS } from '@common/reports';
import type {
  RemoveReportsActor,
  ReportEditorActor,
  ReportsActor,
} from '@/machines/reports/reports.machine';
import { coverage } from '@/machines/reports/reports.rows';
import { reportsView } from '@/machines/reports/reports.view';
import { modalSaveView } from '@/machines/shared/modal-save.view';
import { sameView } from '@/machines/shared/same-view';
import { ReportDialog } from '@/screens/reports/ReportDialog';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { MailIcon, PlusIcon, SendIcon } from '@/ui/icons';
import './ReportsPanel.css';

interface ReportsPanelProps {
  reports: ReportsActor;
  editor: ReportEditorActor;
  remover: RemoveReportsActor;
  selfEmail: string;
  writable: boolean;
}

interface ReportCardProps {
  subscription: ReportSubscription;
  reports: ReportsActor;
  remover: RemoveReportsActor;
  writable: boolean;
  sending: boolean;
}

/** One of the user's reports: what and when, Send me one now, Edit, Remove (confirmed here). */
function ReportCard({ subscription, reports, remover, writable, sending }: ReportCardProps) {
  const { open, saving: busy, draft } = useSelector(remover, modalSaveView, sameView);
  const removing = open && draft.ids.includes(subscription.id);
  const label = `${FREQUENCY_TEXTS[subscription.frequency].label} report`;
  return (
    <li className="report-card">
      <div className="report-card-icon" aria-hidden="true">
        <MailIcon size={18} />
      </div>
      <div className="report-card-text">
        <h3 className="report-card-title">{label}</h3>
        <p className="report-card-detail">
          {coverage(subscription).replace('All they can see', 'Every mailbox you can see')}
        </p>
        <p className="report-card-detail">
          Next on {formatMoment(subscription.next_due)}
          {subscription.last_sent && ` · last sent ${formatMoment(subscription.last_sent)}`}
        </p>
      </div>
      {removing ? (
        <div
          className="report-card-confirm"
          role="group"
          aria-label={`Remove the ${label.toLowerCase()}?`}
        >
          <span>Remove it?</span>
          <Button
            variant="secondary"
            size="small"
            disabled={busy}
            onClick={() => remover.send({ type: 'CLOSE' })}
          >
            Keep
          </Button>
          <Button
            variant="danger"
            size="small"
            busy={busy}
            onClick={() => remover.send({ type: 'SUBMIT' })}
          >
            Remove
          </Button>
        </div>
      ) : (
        <div className="report-card-actions">
          <Button
            variant="secondary"
            size="small"
            icon={<SendIcon size={14} />}
            busy={sending}
            busyLabel="Sending..."
            onClick={() => reports.send({ type: 'SEND_NOW', subscription })}
          >
            Send me one now
          </Button>
          {writable && (
            <>
              <Button
                variant="ghost"
                size="small"
                aria-label={`Edit the ${label.toLowerCase()}`}
                onClick={() => reports.send({ type: 'EDIT', subscription })}
              >
                Edit
              </Button>
              <Button
                variant="ghost"
                size="small"
                aria-label={`Remove the ${label.toLowerCase()}`}
                onClick={() => reports.send({ type: 'REMOVE', subscriptions: [subscription] })}
              >
                Remove
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The dashboard's "Email me a report" panel: the user's own reports, and the form to add or edit
 * one in the same dialog (opened on the form when they have none).
 */
export function ReportsPanel({ reports, editor, remover, selfEmail, writable }: ReportsPanelProps) {
  const { panelOpen, own, canAddOwn, maxPerUser, sendingId } = useSelector(
    reports,
    reportsView,
    sameView,
  );
  const formOpen = useSelector(editor, (snapshot) => modalSaveView(snapshot).open);
  const closePanel = () => {
    editor.send({ type: 'CLOSE' });
    remover.send({ type: 'CLOSE' });
    reports.send({ type: 'CLOSE_PANEL' });
  };

  if (formOpen) {
    return (
      <ReportDialog
        reports={reports}
        editor={editor}
        variant="own"
        selfEmail={selfEmail}
        open={panelOpen}
        onDismiss={closePanel}
        onCancel={() => (own.length === 0 ? closePanel() : editor.send({ type: 'CLOSE' }))}
      />
    );
  }
  return (
    <Dialog
      open={panelOpen}
      onOpenChange={(next) => !next && closePanel()}
      size="large"
      title="Your email reports"
      description="Your own figures in your inbox, on a schedule. Each report holds only what you can see here."
      footer={
        <>
          {!canAddOwn && (
            <span className="reports-panel-limit">
              You have {maxPerUser} reports, the most one person can have.
            </span>
          )}
          <Button variant="secondary" onClick={closePanel}>
            Close
          </Button>
          {writable && (
            <Button
              icon={<PlusIcon size={16} />}
              disabled={!canAddOwn}
              onClick={() => reports.send({ type: 'CREATE' })}
            >
              Add a report
            </Button>
          )}
        </>
      }
    >
      {own.length === 0 ? (
        <p className="reports-panel-empty">You have no email reports.</p>
      ) : (
        <ul className="report-cards">
          {own.map((subscription) => (
            <ReportCard
              key={subscription.id}
              subscription={subscription}
              reports={reports}
              remover={remover}
              writable={writable}
              sending={sendingId === subscription.id}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
