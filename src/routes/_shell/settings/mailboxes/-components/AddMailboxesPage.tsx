import { useActorRef, useSelector } from '@xstate/react';
import type {
  AddMailboxesActor,
  AddMailboxesMachine,
} from '@/machines/add-mailboxes/add-mailboxes.machine';
import {
  addMailboxesView,
  type AddMailboxesView,
} from '@/machines/add-mailboxes/add-mailboxes.view';
import { sameView } from '@/machines/shared/same-view';
import { ErrorState } from '@/ui/ErrorState';
import { Card, PageHeader } from '@/ui/Page';
import { Spinner } from '@/ui/Spinner';
import { AddressEntry } from './AddressEntry';
import { StageSteps, type Stage } from './StageSteps';
import { ValidationProgress } from './ValidationProgress';
import { ValidationResults } from './ValidationResults';
import { ValidationStopped } from './ValidationStopped';
import './AddMailboxes.css';

const STEP_OF_STAGE: Record<AddMailboxesView['stage'], Stage> = {
  loading: 'before',
  loadFailed: 'before',
  before: 'before',
  validating: 'validating',
  stopped: 'validating',
  results: 'results',
};

interface AddMailboxesPageProps {
  /** The page's machine, with the route's navigation (tests pass stand-in actors). */
  machine: AddMailboxesMachine;
  maxMailboxes: number;
}

/** The Add mailboxes page: one machine drives its three stages. */
export function AddMailboxesPage({ machine, maxMailboxes }: AddMailboxesPageProps) {
  const actor = useActorRef(machine, { input: { maxMailboxes } });
  const view = useSelector(actor, addMailboxesView, sameView);
  return (
    <div className="add-mailboxes">
      <PageHeader
        title="Add mailboxes"
        subtitle="Enter the addresses of the company mailboxes to track. Each one is validated before it is added."
      />
      <StageSteps current={STEP_OF_STAGE[view.stage]} />
      <StageView view={view} actor={actor} />
    </div>
  );
}

function StageView({ view, actor }: { view: AddMailboxesView; actor: AddMailboxesActor }) {
  switch (view.stage) {
    case 'loading':
      return (
        <Card>
          <div className="add-mailboxes-loading">
            <Spinner label="Loading your mailboxes" />
          </div>
        </Card>
      );
    case 'loadFailed':
      return (
        <Card>
          <ErrorState onRefresh={() => actor.send({ type: 'RETRY' })} />
        </Card>
      );
    case 'before':
      return <AddressEntry actor={actor} view={view} />;
    case 'validating':
      return <ValidationProgress actor={actor} view={view} />;
    case 'stopped':
      return <ValidationStopped actor={actor} view={view} />;
    case 'results':
      return <ValidationResults actor={actor} view={view} />;
  }
}
