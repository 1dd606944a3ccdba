import { useActorRef, useSelector } from '@xstate/react';
import { Fragment } from 'react';
import { DOCS_URL } from '@/config';
import { fieldsFor } from '@common/exclusions';
import type { ExclusionsMachine } from '@/machines/metric-adjustments/exclusions.machine';
import { exclusionsView } from '@/machines/metric-adjustments/metric-adjustments.view';
import { sameView } from '@/machines/shared/same-view';
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
  machine: ExclusionsMachine;
}

/** The Exclude Emails block: condition rows joined by OR. */
export function ExclusionsCard({ provider, readOnly, machine }: ExclusionsCardProps) {
  const actor = useActorRef(machine, { input: { provider } });
  const { rows, ...form } = useSelector(actor, exclusionsView, sameView);
  const { busy } = form;
  const send: typeof actor.send = (event) => actor.send(event);
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
      form={form}
      loadingLabel="Loading exclusion conditions"
      onRetry={() => send({ type: 'RETRY' })}
      readOnly={readOnly}
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
