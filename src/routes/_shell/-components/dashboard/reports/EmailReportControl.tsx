import { lazy, Suspense, useState } from 'react';
import { Button } from '@/ui/Button';
import { MailIcon } from '@/ui/icons';

// The reports flow (its machine, the list it reads, the panel and its dialogs) is loaded and
// started at the first click: most dashboard views never open it, and it would be a twentieth of
// the dashboard's first load and one more request on every view.
const EmailReportFlow = lazy(() =>
  import('./EmailReportFlow').then((module) => ({ default: module.EmailReportFlow })),
);

/** "Email me a report", in the dashboard's header, for anyone while reports are enabled. */
export function EmailReportControl() {
  const [started, setStarted] = useState(false);
  const button = (onClick?: () => void) => (
    <Button variant="secondary" icon={<MailIcon size={16} />} disabled={!onClick} onClick={onClick}>
      Email me a report
    </Button>
  );
  if (!started) return button(() => setStarted(true));
  return (
    <Suspense fallback={button()}>
      <EmailReportFlow />
    </Suspense>
  );
}
