import { useLocation } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAppContext } from '@/app-context';
import { APP_VERSION, DOCS_URL } from '@/config';
import { dashboardView } from '@/machines/dashboard/dashboard.view';
import { sessionView } from '@/machines/session/session.view';
import { sameView } from '@/machines/shared/same-view';
import type { UserInfo } from '@/session/user-info';
import { BookIcon, MessageIcon } from '@/ui/icons';
import { AccountItem } from '@/ui/shell/AccountItem';
import { AppShell } from '@/ui/shell/AppShell';
import type { ShellFooterItem } from '@/ui/shell/SideNav';
import { HelpHeader } from './HelpHeader';
import { shellNavItems } from './shell-nav';

// Loaded on first open: the modal (Radix Dialog and its focus and scroll locks) is code no page
// needs on its first load.
const FeedbackDialog = lazy(() =>
  import('./FeedbackDialog').then((module) => ({ default: module.FeedbackDialog })),
);

/** The side-panel shell of a signed-in user: items for their role and features. */
export function SignedInShell({ user, children }: { user: UserInfo; children: ReactNode }) {
  const { session, dashboard, api } = useAppContext();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const { signingOut } = useSelector(session, sessionView, sameView);
  const { hasPlatform } = useSelector(dashboard, dashboardView, sameView);
  const onDashboard = useLocation({ select: (location) => location.pathname === '/dashboard' });

  const footerItems: ShellFooterItem[] = [
    { label: 'Documentation', href: DOCS_URL, icon: <BookIcon /> },
    { label: 'Share feedback', icon: <MessageIcon />, onSelect: () => setFeedbackOpen(true) },
  ];
  return (
    <AppShell
      items={shellNavItems(user)}
      footerItems={footerItems}
      version={APP_VERSION}
      account={
        <AccountItem
          email={user.email}
          busy={signingOut}
          onLogout={() => session.send({ type: 'LOGOUT' })}
        />
      }
    >
      {hasPlatform && !onDashboard && <HelpHeader />}
      {children}
      {feedbackOpen && (
        <Suspense fallback={null}>
          <FeedbackDialog open onOpenChange={setFeedbackOpen} client={api} />
        </Suspense>
      )}
    </AppShell>
  );
}
