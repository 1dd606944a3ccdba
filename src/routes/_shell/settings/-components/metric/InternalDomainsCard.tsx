import { useActorRef, useSelector } from '@xstate/react';
import { INVALID_INTERNAL_DOMAINS } from '@common/exclusions';
import type { InternalDomainsMachine } from '@/machines/metric-adjustments/internal-domains.machine';
import { internalDomainsView } from '@/machines/metric-adjustments/metric-adjustments.view';
import { sameView } from '@/machines/shared/same-view';
import { ChipsInput } from '@/ui/ChipsInput';
import { useChipEdits } from '@/ui/use-chip-edits';
import { SettingsFormCard } from '../SettingsFormCard';

const INTERNAL_DOMAINS_SUBTITLE =
  'Manage the domains that you want to categorize as internal communications on your statistics.';
const INTERNAL_DOMAINS_PLACEHOLDER = 'Type in or paste a list of domains';

interface InternalDomainsCardProps {
  readOnly: boolean;
  machine: InternalDomainsMachine;
}

/** The Internal domains block: the workspace's own domains first, then deletable ones. */
export function InternalDomainsCard({ readOnly, machine }: InternalDomainsCardProps) {
  const actor = useActorRef(machine);
  const { defaults, entries, invalid, ...form } = useSelector(actor, internalDomainsView, sameView);
  const send: typeof actor.send = (event) => actor.send(event);
  const chips = useChipEdits({
    items: entries,
    onAdd: (items) => send({ type: 'ADD_DOMAINS', items }),
    onRemove: (item) => send({ type: 'REMOVE_DOMAIN', item }),
  });
  return (
    <SettingsFormCard
      title="Internal domains"
      subtitle={INTERNAL_DOMAINS_SUBTITLE}
      form={form}
      loadingLabel="Loading internal domains"
      onRetry={() => send({ type: 'RETRY' })}
      readOnly={readOnly}
      onSave={() => send({ type: 'SAVE' })}
    >
      <ChipsInput
        label="Internal domains"
        hideLabel
        size="line"
        {...chips}
        fixed={defaults.map((entry) => ({ entry, note: 'Default' }))}
        placeholder={INTERNAL_DOMAINS_PLACEHOLDER}
        disabled={readOnly || form.busy}
        error={invalid ? INVALID_INTERNAL_DOMAINS : undefined}
      />
    </SettingsFormCard>
  );
}
