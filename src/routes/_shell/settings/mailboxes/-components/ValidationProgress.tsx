import { MAX_RECONNECTS } from '@/machines/add-mailboxes/add-mailboxes.machine';
import type { AddMailboxesView } from '@/machines/add-mailboxes/add-mailboxes.view';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Page';
import { Spinner } from '@/ui/Spinner';
import type { StageProps } from './StageSteps';

/** `validated of submitted`, as the spec shows progress. */
function ProgressCount({ view }: { view: AddMailboxesView }) {
  const { validated, submitted } = view;
  const percent = submitted === 0 ? 0 : Math.round((validated / submitted) * 100);
  return (
    <div className="validation-count">
      <p className="validation-count-text">
        <span className="validation-count-number">
          {validated} of {submitted}
        </span>{' '}
        <span className="validation-count-label">validated</span>
      </p>
      <div
        className="validation-bar"
        role="progressbar"
        aria-label="Validation progress"
        aria-valuemin={0}
        aria-valuemax={submitted}
        aria-valuenow={validated}
        aria-valuetext={`${validated} of ${submitted}`}
      >
        <span className="validation-bar-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Stage 2: the live validation, with the reconnection attempts when the connection drops. */
export function ValidationProgress({ actor, view }: StageProps) {
  const { reconnecting, reconnects: attempt } = view;
  const status = reconnecting
    ? `Connection lost. Reconnecting (attempt ${attempt + 1} of ${MAX_RECONNECTS})…`
    : attempt > 0
      ? `Reconnecting (attempt ${attempt} of ${MAX_RECONNECTS})…`
      : 'Checking each address with your email provider…';
  return (
    <Card>
      <div className="add-mailboxes-body validation-progress">
        <Spinner label="Validating" />
        <h2 className="validation-title">Validating mailboxes</h2>
        <ProgressCount view={view} />
        <p
          className={
            reconnecting ? 'validation-status validation-status-warning' : 'validation-status'
          }
          role="status"
        >
          {status}
        </p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'CANCEL' })}>
          Cancel
        </Button>
      </div>
    </Card>
  );
}
