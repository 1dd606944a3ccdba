import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ApiTokensMachine } from '@/machines/api-tokens/api-tokens.machine';
import { apiTokensView } from '@/machines/api-tokens/api-tokens.view';
import { sameView } from '@/machines/shared/same-view';
import { Dialog } from '@/ui/Dialog';
import { DialogActions } from '@/ui/DialogActions';

const view = (snapshot: Parameters<typeof apiTokensView>[0]) => apiTokensView(snapshot, new Date());

/** Asks before revoking: whatever uses the token is refused from the next request. */
export function RevokeTokenDialog({ actor }: { actor: ActorRefFrom<ApiTokensMachine> }) {
  const { revoking, revokeBusy } = useSelector(actor, view, sameView);
  const close = () => actor.send({ type: 'CLOSE' });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      size="small"
      title="Revoke API token"
      description={
        <>
          Revoke <strong>{revoking?.name}</strong>? Every tool that uses it is refused from its next
          request. This cannot be undone.
        </>
      }
      footer={
        <DialogActions
          busy={revokeBusy}
          busyLabel="Revoking..."
          variant="danger"
          submitLabel="Revoke"
          onCancel={close}
          onSubmit={() => actor.send({ type: 'CONFIRM' })}
        />
      }
    />
  );
}
