import { useActorRef, useSelector } from '@xstate/react';
import { reportsView } from '@/machines/reports/reports.view';
import { sameView } from '@/machines/shared/same-view';
import { createReportsMachine } from '@/machines/reports/reports.machine';
import { useFlowMachine, useSignedInUser } from '@/app-context';
import { Button } from '@/ui/Button';
import { MailIcon } from '@/ui/icons';
import { ReportsPanel } from './ReportsPanel';

/** "Email me a report", in the dashboard's header, for anyone while reports are enabled. */
export function EmailReportControl() {
  const user = useSignedInUser();
  const self = { email: user.email, name: user.name, role: user.role };
  const machine = useFlowMachine(createReportsMachine);
  const reports = useActorRef(machine, {
    input: { seed: null, features: user.features, self, recipients: [self] },
  });
  const { editor, remover, status } = useSelector(reports, reportsView, sameView);
  return (
    <>
      <Button
        variant="secondary"
        icon={<MailIcon size={16} />}
        disabled={status === 'loading'}
        onClick={() => reports.send({ type: status === 'failed' ? 'RETRY' : 'OPEN_PANEL' })}
      >
        Email me a report
      </Button>
      {editor && remover && (
        <ReportsPanel
          reports={reports}
          editor={editor}
          remover={remover}
          selfEmail={user.email}
          writable={!user.features.reports.read_only}
        />
      )}
    </>
  );
}
