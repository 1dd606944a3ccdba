import type { Integration, RequestFormMachine } from '@/machines/request-form/request-form.machine';
import { RequestDialog } from '../../../-components/RequestDialog';

interface IntegrationRequestDialogProps {
  /** The integration asked for; null keeps the modal closed. */
  integration: Integration | null;
  onClose: () => void;
  machine: RequestFormMachine;
}

/** The integration-request modal; each opening starts an empty form. */
export function IntegrationRequestDialog({
  integration,
  onClose,
  machine,
}: IntegrationRequestDialogProps) {
  if (!integration) return null;
  return (
    <RequestDialog
      key={integration.id}
      machine={machine}
      input={{ kind: 'integration', integration }}
      title={`Request the ${integration.name} integration`}
      description={`Tell us what you would like to do with ${integration.name}, and we will get in touch to set it up.`}
      contentLabel="How would you use it?"
      submitLabel="Send request"
      onClose={onClose}
    />
  );
}
