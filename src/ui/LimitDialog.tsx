import { supportMailto } from '@/config';
import { Button, buttonClassName } from './Button';
import { Dialog } from './Dialog';

export interface LimitDialogProps {
  open: boolean;
  onClose: () => void;
  /** `mailbox` or `user`: the title reads You've reached your mailbox limit. */
  noun: 'mailbox' | 'user';
  max: number;
}

const PLURALS = { mailbox: 'mailboxes', user: 'users' } as const;

/**
 * The limit modals (spec 2, Modals overall): the workspace is at its maximum; remove some or
 * ask the account manager. Get in touch writes to the account-success contact.
 */
export function LimitDialog({ open, onClose, noun, max }: LimitDialogProps) {
  const things = PLURALS[noun];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      size="small"
      title={`You've reached your ${noun} limit`}
      description={`Your workspace is at its maximum of ${max} ${things}. To add more, remove some ${things} or contact your account manager to raise the limit.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Go Back
          </Button>
          <a
            className={buttonClassName()}
            href={supportMailto(`Raising our ${noun} limit`)}
            onClick={onClose}
          >
            Get in touch
          </a>
        </>
      }
    />
  );
}
