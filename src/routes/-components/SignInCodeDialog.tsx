import { useSelector } from '@xstate/react';
import type { SignInCodeActor } from '@/machines/sign-in-code/sign-in-code.machine';
import { signInCodeView } from '@/machines/sign-in-code/sign-in-code.view';
import { sameView } from '@/machines/shared/same-view';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { DialogActions } from '@/ui/DialogActions';

/**
 * A sign-in link opened while someone is signed in asks before it changes user (a link must not
 * quietly swap the session), and a link that no longer works says so.
 */
export function SignInCodeDialog({ actor }: { actor: SignInCodeActor }) {
  const view = useSelector(actor, signInCodeView, sameView);
  if (view.dialog === 'none') return null;
  if (view.dialog === 'refused') {
    const dismiss = () => actor.send({ type: 'DISMISS' });
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && dismiss()}
        title={view.title}
        description={view.text}
        size="small"
        hideClose
        footer={<Button onClick={dismiss}>Close</Button>}
      />
    );
  }
  const cancel = () => actor.send({ type: 'CANCEL' });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !view.busy && cancel()}
      title="Switch user?"
      description={`You are signed in as ${view.current}. Continue as ${view.arriving}?`}
      size="small"
      hideClose
      footer={
        <DialogActions
          busy={view.busy}
          busyLabel="Signing in..."
          submitLabel="Continue"
          onCancel={cancel}
          onSubmit={() => actor.send({ type: 'CONTINUE' })}
        />
      }
    />
  );
}
