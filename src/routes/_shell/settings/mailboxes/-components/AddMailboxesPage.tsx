import { useActorRef, useSelector } from '@xstate/react';
import type {
  AddMailboxesActor,
  AddMailboxesMachine,
  AddMailboxesSnapshot,
} from '@/machines/add-mailboxes/add-mailboxes.machine';
import { ErrorState } from '@/ui/ErrorState';
import { Card, PageHeader } from '@/ui/Page';
import { Spinner } from '@/ui/Spinner';
import { AddressEntry } from './AddressEntry';
import { StageSteps, type Stage } from './StageSteps';
import { ValidationProgress } from './ValidationProgress';
import { ValidationResults } from './ValidationResults';
import { ValidationStopped } from './ValidationStopped';
import './AddMailboxes.css';

type View = Stage | 'loading' | 'loadFailed' | 'stopped';

function viewOf(snapshot: AddMailboxesSnapshot): View {
  if (snapshot.hasTag('before')) return 'before';
  if (snapshot.hasTag('validating')) return 'validating';
  if (snapshot.matches('gaveUp') || snapshot.matches('failed')) return 'stopped';
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  // Results, adding, and the final state shown until the route navigates away.
  return 'results';
}

const STAGE_OF_VIEW: Record<View, Stage> = {
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
  const view = useSelector(actor, viewOf);
  return (
    <div className="add-mailboxes">
      <PageHeader
        title="Add mailboxes"
        subtitle="Enter the addresses of the company mailboxes to track. Each one is validated before it is added."
      />
      <StageSteps current={STAGE_OF_VIEW[view]} />
      <StageView view={view} actor={actor} />
    </div>
  );
}

function StageView({ view, actor }: { view: View; actor: AddMailboxesActor }) {
  switch (view) {
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
      return <AddressEntry actor={actor} />;
    case 'validating':
      return <ValidationProgress actor={actor} />;
    case 'stopped':
      return <ValidationStopped actor={actor} />;
    case 'results':
      return <ValidationResults actor={actor} />;
  }
}
