import type { MailboxCheck } from '@/api/types';
import type { ReactNode } from 'react';
import { Button } from '@/ui/Button';
import { AlertCircleIcon, CheckCircleIcon, CopyIcon } from '@/ui/icons';
import { Card } from '@/ui/Page';
import { mailboxCount, mailboxLimitText } from './add-mailboxes-texts';
import type { StageProps } from './StageSteps';

interface ResultListProps {
  title: string;
  icon: ReactNode;
  checks: MailboxCheck[];
  /** Shown instead of the list when it is empty. */
  empty: string;
  action?: ReactNode;
}

/** One of the two result cards: a titled list of addresses, with each one's message if any. */
function ResultList({ title, icon, checks, empty, action }: ResultListProps) {
  return (
    <Card>
      <section className="result-list">
        <header className="result-list-header">
          <h2 className="result-list-title">
            {icon}
            {title} <span className="result-list-count">{checks.length}</span>
          </h2>
          {checks.length > 0 && action}
        </header>
        {checks.length === 0 ? (
          <p className="result-list-empty">{empty}</p>
        ) : (
          <ul className="result-rows" aria-label={title}>
            {checks.map((check, index) => (
              <li key={`${index}-${check.email}`} className="result-row">
                <span className="result-email">{check.email}</span>
                {check.message && <span className="result-message">{check.message}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/** Stage 3: which addresses can be added, which cannot and why; then Add or Cancel. */
export function ValidationResults({ actor, view }: StageProps) {
  const { adding, canAdd, canCopy } = view;
  if (!view.results) return null;
  const { valid, invalid, overLimit } = view.results;
  const problem = overLimit ? mailboxLimitText(valid.length, view.remaining) : view.error;

  return (
    <div className="validation-results">
      <div className="validation-lists">
        <ResultList
          title="Valid mailboxes"
          icon={<CheckCircleIcon size={18} className="result-icon-valid" />}
          checks={valid}
          empty="None of the addresses can be added."
        />
        <ResultList
          title="Invalid mailboxes"
          icon={<AlertCircleIcon size={18} className="result-icon-invalid" />}
          checks={invalid}
          empty="Every address can be added."
          action={
            <Button
              variant="secondary"
              size="small"
              icon={<CopyIcon size={16} />}
              disabled={!canCopy}
              onClick={() => actor.send({ type: 'COPY_INVALID' })}
            >
              Copy list
            </Button>
          }
        />
      </div>
      {problem && (
        <p className="add-mailboxes-alert" role="alert">
          <AlertCircleIcon size={18} />
          {problem}
        </p>
      )}
      <div className="add-mailboxes-actions">
        <Button
          variant="secondary"
          disabled={adding}
          onClick={() => actor.send({ type: 'CANCEL' })}
        >
          {/* It returns to the addresses as typed, so it says so rather than Cancel. */}
          Back to addresses
        </Button>
        <Button
          busy={adding}
          busyLabel="Adding..."
          disabled={!canAdd}
          onClick={() => actor.send({ type: 'ADD' })}
        >
          {valid.length > 0 ? `Add ${mailboxCount(valid.length)}` : 'Add mailboxes'}
        </Button>
      </div>
    </div>
  );
}
