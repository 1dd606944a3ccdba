import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import {
  MIN_CONTENT_LENGTH,
  requestFormMachine,
  type Integration,
  type RequestFormMachine,
} from '../../../../machines/requestForm.machine';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { TextArea } from '../../../../ui/TextArea';

const FORM_ID = 'integration-request-form';

interface RequestFormProps {
  integration: Integration;
  machine: RequestFormMachine;
  onClose: () => void;
}

function RequestForm({ integration, machine, onClose }: RequestFormProps) {
  const [state, send] = useMachine(machine, { input: { kind: 'integration', integration } });
  const sent = state.matches('sent');
  useEffect(() => {
    if (sent) onClose();
  }, [sent, onClose]);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Request the ${integration.name} integration`}
      description={`Tell us what you would like to do with ${integration.name}, and we will get in touch to set it up.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            busy={state.hasTag('saving')}
            busyLabel="Sending..."
            disabled={!state.can({ type: 'SUBMIT' })}
          >
            Send request
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <TextArea
          label="How would you use it?"
          value={state.context.content}
          hint={`Write more than ${MIN_CONTENT_LENGTH} characters.`}
          maxLength={5000}
          onChange={(event) => send({ type: 'SET_CONTENT', content: event.target.value })}
        />
      </form>
    </Dialog>
  );
}

export interface IntegrationRequestDialogProps {
  /** The integration asked for; null keeps the modal closed. */
  integration: Integration | null;
  onClose: () => void;
  machine?: RequestFormMachine;
}

/** The integration-request modal; each opening starts an empty form. */
export function IntegrationRequestDialog({
  integration,
  onClose,
  machine = requestFormMachine,
}: IntegrationRequestDialogProps) {
  if (!integration) return null;
  return (
    <RequestForm
      key={integration.id}
      integration={integration}
      machine={machine}
      onClose={onClose}
    />
  );
}
