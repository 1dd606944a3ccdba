import { useMachine } from '@xstate/react';
import { Fragment } from 'react';
import { DOCS_URL } from '@/config';
import { fieldsFor } from '@common/exclusions';
import {
  exclusionsMachine,
  type ExclusionsMachine,
} from '@/machines/metric-adjustments/exclusions.machine';
import { Button } from '@/ui/Button';
import { ExternalLinkIcon, PlusIcon } from '@/ui/icons';
import { SettingsFormCard } from '../SettingsFormCard';
import { ExclusionRowEditor } from './ExclusionRowEditor';
import './metric.css';

const EXCLUSIONS_SUBTITLE =
  'Prevent emails with certain conditions from showing up in your dashboard.';
export const EXCLUSIONS_DOCS_URL = `${DOCS_URL}/metric-adjustments#exclude-emails`;

interface ExclusionsCardProps {
  provider: string;
  readOnly: boolean;
  /** Tests pass the machine with stand-in calls. */
  machine?: ExclusionsMachine;
}

/** The Exclude Emails block: condition rows joined by OR. */
export function ExclusionsCard({
  provider,
  readOnly,
  machine = exclusionsMachine,
}: ExclusionsCardProps) {
  const [state, send] = useMachine(machine, { input: { provider } });
  const { rows } = state.context;
  const busy = state.hasTag('busy');
  return (
    <SettingsFormCard
      title="Exclude Emails"
      subtitle={EXCLUSIONS_SUBTITLE}
      aside={
        <a className="learn-more" href={EXCLUSIONS_DOCS_URL} target="_blank" rel="noreferrer">
          Learn more
          <ExternalLinkIcon size={14} />
        </a>
      }
      status={state.matches('failed') ? 'failed' : state.matches('loading') ? 'loading' : 'ready'}
      loadingLabel="Loading exclusion conditions"
      onRetry={() => send({ type: 'RETRY' })}
      readOnly={readOnly}
      canSave={state.can({ type: 'SAVE' })}
      saving={state.hasTag('saving')}
      onSave={() => send({ type: 'SAVE' })}
    >
      {rows.length === 0 ? (
        <p className="exclusions-empty">No conditions yet: every email counts in your dashboard.</p>
      ) : (
        <ol className="exclusion-rows" aria-label="Exclusion conditions">
          {rows.map((row, index) => (
            <Fragment key={row.id}>
              {index > 0 && (
                <li className="exclusion-or" aria-hidden="true">
                  <span>OR</span>
                </li>
              )}
              <ExclusionRowEditor
                row={row}
                position={index + 1}
                fields={fieldsFor(provider)}
                readOnly={readOnly}
                busy={busy}
                send={send}
              />
            </Fragment>
          ))}
        </ol>
      )}
      {!readOnly && (
        <div>
          <Button
            variant="secondary"
            size="small"
            icon={<PlusIcon size={16} />}
            disabled={busy}
            onClick={() => send({ type: 'ADD_ROW' })}
          >
            Add condition
          </Button>
        </div>
      )}
    </SettingsFormCard>
  );
}
