import { useSelector } from '@xstate/react';
import { contactCount } from '@/domain/contact-groups';
import { truncate } from '@/domain/text';
import type { RemovalDraft } from '@/machines/contact-groups/contact-groups.draft';
import type { RemovalActor } from '@/machines/contact-groups/contact-groups.machine';
import { modalSaveView } from '@/machines/shared/modal-save.view';
import { sameView } from '@/machines/shared/same-view';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';

function removalText(draft: RemovalDraft): string {
  const group = truncate(draft.group);
  if (draft.kind === 'group') {
    if (draft.all) {
      return `You are removing every contact of ${group}, so the group will be removed too.`;
    }
    return `The group ${group} and its ${contactCount(draft.count)} will be removed.`;
  }
  const what = draft.item !== null ? truncate(draft.item) : contactCount(draft.ids.length);
  return `${what} will be removed from ${group}.`;
}

/** The remove contacts and remove group modals; the group's has no close button. */
export function RemoveDialog({ removal }: { removal: RemovalActor }) {
  const { draft, saving: removing } = useSelector(removal, modalSaveView, sameView);
  const send = removal.send;
  const isGroup = draft.kind === 'group';
  const title = isGroup
    ? 'Remove group'
    : draft.ids.length === 1
      ? 'Remove contact'
      : 'Remove contacts';
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) send({ type: 'CLOSE' });
      }}
      title={title}
      description={removalText(draft)}
      hideClose={isGroup}
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={() => send({ type: 'CLOSE' })} disabled={removing}>
            Cancel
          </Button>
          <Button variant="danger" busy={removing} onClick={() => send({ type: 'SUBMIT' })}>
            {title}
          </Button>
        </>
      }
    />
  );
}
