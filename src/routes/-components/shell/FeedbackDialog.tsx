import {
  requestFormMachine,
  type RequestFormMachine,
} from '@/machines/request-form/request-form.machine';
import { RequestDialog } from '../RequestDialog';

export interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Tests pass the machine with a stand-in call. */
  machine?: RequestFormMachine;
}

/** The feedback modal opened by Share feedback; each opening starts an empty form. */
export function FeedbackDialog({
  open,
  onOpenChange,
  machine = requestFormMachine,
}: FeedbackDialogProps) {
  if (!open) return null;
  return (
    <RequestDialog
      machine={machine}
      input={{ kind: 'feedback' }}
      title="Share feedback"
      description="Tell us what works for you and what could be better. Our team reads every message."
      contentLabel="Your feedback"
      submitLabel="Send feedback"
      onClose={() => onOpenChange(false)}
    />
  );
}
