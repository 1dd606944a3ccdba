import { useMachine } from '@xstate/react';
import { INVALID_INTERNAL_DOMAINS } from '@common/exclusions';
import {
  internalDomainsMachine,
  type InternalDomainsMachine,
} from '@/machines/metric-adjustments/internal-domains.machine';
import { ChipsInput } from '@/ui/ChipsInput';
import { useChipEdits } from '@/ui/use-chip-edits';
import { SettingsFormCard } from '../SettingsFormCard';

const INTERNAL_DOMAINS_SUBTITLE =
  'Manage the domains that you want to categorize as internal communications on your statistics.';
const INTERNAL_DOMAINS_PLACEHOLDER = 'Type in or paste a list of domains';

interface InternalDomainsCardProps {
  readOnly: boolean;
  /** Tests pass the machine with stand-in calls. */
  machine?: InternalDomainsMachine;
}

/** The Internal domains block: the workspace's own domains first, then deletable ones. */
export function InternalDomainsCard({
  readOnly,
  machine = internalDomainsMachine,
}: InternalDomainsCardProps) {
  const [state, send] = useMachine(machine);
  const { defaults, entries } = state.context;
  const chips = useChipEdits({
    items: entries,
    onAdd: (items) => send({ type: 'ADD_DOMAINS', items }),
    onRemove: (item) => send({ type: 'REMOVE_DOMAIN', item }),
  });
  return (
    <SettingsFormCard
      title="Internal domains"
      subtitle={INTERNAL_DOMAINS_SUBTITLE}
      status={state.matches('failed') ? 'failed' : state.matches('loading') ? 'loading' : 'ready'}
      loadingLabel="Loading internal domains"
      onRetry={() => send({ type: 'RETRY' })}
      readOnly={readOnly}
      canSave={state.can({ type: 'SAVE' })}
      saving={state.hasTag('saving')}
      onSave={() => send({ type: 'SAVE' })}
    >
      <ChipsInput
        label="Internal domains"
        hideLabel
        size="line"
        {...chips}
        fixed={defaults.map((entry) => ({ entry, note: 'Default' }))}
        placeholder={INTERNAL_DOMAINS_PLACEHOLDER}
        disabled={readOnly || state.hasTag('busy')}
        error={state.matches({ ready: 'invalid' }) ? INVALID_INTERNAL_DOMAINS : undefined}
      />
    </SettingsFormCard>
  );
}
