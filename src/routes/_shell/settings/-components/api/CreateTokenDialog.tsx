import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ApiTokensMachine } from '@/machines/api-tokens/api-tokens.machine';
import { createTokenView } from '@/machines/api-tokens/api-tokens.view';
import { sameView } from '@/machines/shared/same-view';
import { FormError } from '@/ui/Field';
import { Dialog } from '@/ui/Dialog';
import { DialogActions } from '@/ui/DialogActions';
import { Select } from '@/ui/Select';
import { TextInput } from '@/ui/TextInput';

const FORM_ID = 'create-api-token-form';

const SCOPES = [{ value: 'stats:read', label: 'Statistics, read only (stats:read)' }];

/** Names a new token and picks its lifetime; its scope is read-only statistics. */
export function CreateTokenDialog({ actor }: { actor: ActorRefFrom<ApiTokensMachine> }) {
  const { draft, expiryChoices, problem, canSave, saving, error } = useSelector(
    actor,
    createTokenView,
    sameView,
  );
  const close = () => actor.send({ type: 'CLOSE' });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Create API token"
      description="The token reads this workspace's statistics and their CSV export, nothing else."
      footer={
        <DialogActions
          form={FORM_ID}
          busy={saving}
          busyLabel="Creating..."
          canSubmit={canSave}
          submitLabel="Create token"
          onCancel={close}
        />
      }
      footerNote={canSave || saving ? null : problem}
    >
      <form
        id={FORM_ID}
        className="api-token-form"
        aria-label="New API token"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SAVE' });
        }}
      >
        <TextInput
          label="Name"
          required
          maxLength={100}
          placeholder="Looker Studio"
          value={draft.name}
          onChange={(event) => actor.send({ type: 'EDIT', patch: { name: event.target.value } })}
        />
        <Select label="Scope" options={SCOPES} value="stats:read" disabled />
        <Select
          label="Expires after"
          options={expiryChoices.map((days) => ({ value: String(days), label: `${days} days` }))}
          value={String(draft.expiresInDays)}
          onChange={(event) =>
            actor.send({ type: 'EDIT', patch: { expiresInDays: Number(event.target.value) } })
          }
        />
        <FormError>{error}</FormError>
      </form>
    </Dialog>
  );
}
