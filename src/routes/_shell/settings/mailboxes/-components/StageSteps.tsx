import type { AddMailboxesActor } from '@/machines/add-mailboxes/add-mailboxes.machine';
import type { AddMailboxesView } from '@/machines/add-mailboxes/add-mailboxes.view';

/** The page's three stages (document 001, section 2.1). */
export type Stage = 'before' | 'validating' | 'results';

/** What each stage's part of the page takes: the page's actor and its view. */
export interface StageProps {
  actor: AddMailboxesActor;
  view: AddMailboxesView;
}

const STEPS: readonly { stage: Stage; label: string }[] = [
  { stage: 'before', label: 'Enter addresses' },
  { stage: 'validating', label: 'Validate' },
  { stage: 'results', label: 'Review and add' },
];

/** Where the visitor is in the flow; the current step is marked for screen readers too. */
export function StageSteps({ current }: { current: Stage }) {
  const currentIndex = STEPS.findIndex((step) => step.stage === current);
  return (
    <ol className="stage-steps" aria-label="Steps">
      {STEPS.map((step, index) => {
        const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'next';
        return (
          <li
            key={step.stage}
            className={`stage-step stage-step-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="stage-step-number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="stage-step-label">{step.label}</span>
          </li>
        );
      })}
    </ol>
  );
}
