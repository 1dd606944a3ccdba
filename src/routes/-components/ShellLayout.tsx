import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { useAppContext } from '@/app-context';
import { sessionView } from '@/machines/session/session.view';
import { sameView } from '@/machines/shared/same-view';
import { workspaceDataView } from '@/machines/workspace-data/workspace-data.view';
import { ErrorState } from '@/ui/ErrorState';
import { MaintenancePage } from '@/ui/MaintenancePage';
import { Spinner } from '@/ui/Spinner';
import { loadToasterOnInteraction } from '@/ui/ToastHost';
import { SignedInShell } from './shell/SignedInShell';
import './ShellLayout.css';

/**
 * Every page but login sits in this shell. It loads the session first: the maintenance page
 * on a 503, the failure state with a retry, and a loading state until the user info (and, for
 * an admin, the workspace data) has arrived.
 */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { session, workspaceData, dashboard } = useAppContext();
  const { user, signedIn, maintenance, failed } = useSelector(session, sessionView, sameView);
  const workspace = useSelector(workspaceData, workspaceDataView, sameView);

  useEffect(() => {
    session.send({ type: 'LOAD' });
  }, [session]);

  // Pages of the shell toast what the user did: their first press loads the toaster.
  useEffect(loadToasterOnInteraction, []);

  // Once the user is known: the admin's lists, and the dashboard settings for everyone.
  useEffect(() => {
    if (!user) return;
    workspaceData.send({ type: 'LOAD', user });
    dashboard.send({ type: 'LOAD' });
  }, [user, workspaceData, dashboard]);

  if (maintenance) return <MaintenancePage />;
  if (failed) {
    return (
      <main className="shell-status">
        <ErrorState onRefresh={() => session.send({ type: 'RETRY' })} />
      </main>
    );
  }
  if (!signedIn || !user || workspace.pending) {
    return (
      <main className="shell-status">
        <Spinner label="Loading your workspace" />
      </main>
    );
  }
  return <SignedInShell user={user}>{children}</SignedInShell>;
}
