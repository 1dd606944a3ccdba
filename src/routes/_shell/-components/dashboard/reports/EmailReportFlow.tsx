import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { reportsView } from '@/machines/reports/reports.view';
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

/**
 * The reports flow behind "Email me a report", started by its first click: the list is read,
 * then the panel opens (or the form, for someone with no report yet), as a click on a loaded
 * button does. Its button takes the focus of the one it replaces, so the panel returns it there.
 */
export function EmailReportFlow() {
  const user = useSignedInUser();
  const self = { email: user.email, name: user.name, role: user.role };
  const machine = useFlowMachine(createReportsMachine);
  const reports = useActorRef(machine, {
    input: { seed: null, features: user.features, self, recipients: [self] },
  });
  const { editor, remover, status, panelOpen } = useSelector(reports, reportsView, sameView);
  const [opened, setOpened] = useState(panelOpen);
  if (panelOpen && !opened) setOpened(true);
  const button = useRef<HTMLButtonElement>(null);
  // The click that started the flow, answered once the list is read.
  const asked = useRef(true);
  useEffect(() => button.current?.focus(), []);
  useEffect(() => {
    if (!asked.current || status !== 'ready') return;
    asked.current = false;
    reports.send({ type: 'OPEN_PANEL' });
  }, [status, reports]);
  return (
    <>
      <Button
        ref={button}
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
