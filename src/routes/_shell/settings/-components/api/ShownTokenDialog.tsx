import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ApiTokensMachine } from '@/machines/api-tokens/api-tokens.machine';
import { shownTokenView } from '@/machines/api-tokens/api-tokens.view';
import { sameView } from '@/machines/shared/same-view';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { CopyIcon } from '@/ui/icons';
import { Notice } from '@/ui/Notice';

const COPY_STATUS = {
  waiting: null,
  copying: null,
  copied: 'Copied to the clipboard.',
  failed: 'The browser did not allow copying: select the token and copy it by hand.',
} as const;

/** The new token, this once: it is never shown again, so the dialog says so and offers Copy. */
export function ShownTokenDialog({ actor }: { actor: ActorRefFrom<ApiTokensMachine> }) {
  const { token, copy } = useSelector(actor, shownTokenView, sameView);
  const close = () => actor.send({ type: 'CLOSE' });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Your new API token"
      description="Send it as Authorization: Bearer <token> with each request."
      footer={<Button onClick={close}>Done</Button>}
    >
      <Notice tone="warning">Copy it now: it will not be shown again.</Notice>
      <div className="api-token-shown">
        <code aria-label="API token">{token}</code>
        <Button
          variant="secondary"
          icon={<CopyIcon size={16} />}
          busy={copy === 'copying'}
          onClick={() => actor.send({ type: 'COPY' })}
        >
          Copy
        </Button>
      </div>
      <p className="api-token-copy-status" role="status">
        {COPY_STATUS[copy]}
      </p>
    </Dialog>
  );
}
