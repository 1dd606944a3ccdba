import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { selectListStatus, selectModals, selectPanelOpen } from '@/machines/reports/reports.view';
import { sameView } from '@/machines/shared/same-view';
import { createReportsMachine } from '@/machines/reports/reports.machine';
import { useFlowMachine, useSignedInUser } from '@/app-context';
import { Button } from '@/ui/Button';
import { MailIcon } from '@/ui/icons';

// The panel, its form and Radix Dialog are a fifth of the dashboard's first load, and most
// visits never open them: loaded at the first open, then kept (its dialogs return focus here).
const ReportsPanel = lazy(() =>
  import('./ReportsPanel').then((module) => ({ default: module.ReportsPanel })),
);

/** "Email me a report", in the dashboard's header, for anyone while reports are enabled. */
export function EmailReportControl() {
  const user = useSignedInUser();
  const self = { email: user.email, name: user.name, role: user.role };
  const machine = useFlowMachine(createReportsMachine);
  const reports = useActorRef(machine, {
    input: { seed: null, features: user.features, self, recipients: [self] },
  });
  const { editor, remover } = useSelector(reports, selectModals, sameView);
  const status = useSelector(reports, selectListStatus);
  const open = useSelector(reports, selectPanelOpen);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
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
      {opened && editor && remover && (
        <Suspense fallback={null}>
          <ReportsPanel
            reports={reports}
            editor={editor}
            remover={remover}
            selfEmail={user.email}
            writable={!user.features.reports.read_only}
          />
        </Suspense>
      )}
    </>
  );
}
