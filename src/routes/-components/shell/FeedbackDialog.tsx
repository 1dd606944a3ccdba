import { Dialog } from '../../../ui/Dialog';

export interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The feedback modal opened by Share feedback; its form arrives with the feedback issue. */
export function FeedbackDialog({ open, onOpenChange }: FeedbackDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Share feedback" size="small">
      <p className="feedback-placeholder">
        We'd love to hear what works for you and what could be better. The feedback form is on its
        way.
      </p>
    </Dialog>
  );
}
