import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { useSignedInUser } from '@/app-context';
import { Page, PageHeader } from '@/ui/Page';
import { Breadcrumbs } from '@/ui/shell/Breadcrumbs';
import { SettingsTabs } from './settings/-components/SettingsTabs';

export const Route = createFileRoute('/_shell/settings')({
  staticData: { routeName: 'settings' },
  component: SettingsLayout,
});

function SettingsLayout() {
  const user = useSignedInUser();
  // The add-mailboxes page is a focused flow: it keeps the breadcrumb but drops the tab bar.
  const isAddMailboxes = useMatches({
    select: (matches) => matches.some((m) => m.staticData.routeName === 'AddMailboxesSettings'),
  });
  return (
    <Page>
      <Breadcrumbs />
      {!isAddMailboxes && (
        <>
          <PageHeader
            title="Settings"
            subtitle="Manage the mailboxes, people and rules behind your email statistics."
          />
          <SettingsTabs access={user} />
        </>
      )}
      <Outlet />
    </Page>
  );
}
