import { MAX_RECONNECTS } from '@/machines/add-mailboxes/add-mailboxes.machine';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { AlertCircleIcon } from '@/ui/icons';
import { Card } from '@/ui/Page';
import type { StageProps } from './StageSteps';

const GAVE_UP_TITLE = 'We could not reach the validation service';
const gaveUpText = (validated: number, submitted: number) =>
  `${validated} of ${submitted} addresses were validated when the connection dropped, and ${MAX_RECONNECTS} attempts to reconnect failed. Check your internet connection and try again: the answers so far are kept.`;
const FAILED_TITLE = 'Validation stopped';

/** The validation's error states: reconnecting gave up, or the server refused (with its reason). */
export function ValidationStopped({ actor, view }: StageProps) {
  const { gaveUp, error, validated, submitted } = view;
  return (
    <Card>
      <EmptyState
        tone="danger"
        icon={<AlertCircleIcon size={26} />}
        title={gaveUp ? GAVE_UP_TITLE : FAILED_TITLE}
        text={gaveUp ? gaveUpText(validated, submitted) : error}
        action={
          <>
            <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>
            <Button variant="secondary" onClick={() => actor.send({ type: 'CANCEL' })}>
              Back to addresses
            </Button>
          </>
        }
      />
    </Card>
  );
}
