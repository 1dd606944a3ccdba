import { useState } from 'react';
import type { ApiClient } from '@/api/client';
import { createRequestFormMachine } from '@/machines/request-form/request-form.machine';
import { RequestDialog } from '../RequestDialog';

export interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client the feedback is sent with; the machine loads with this lazy dialog. */
  client: ApiClient;
}

/** The feedback modal opened by Share feedback; each opening starts an empty form. */
export function FeedbackDialog({ open, onOpenChange, client }: FeedbackDialogProps) {
  const [machine] = useState(() => createRequestFormMachine(client));
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
