import { createFileRoute, redirect } from '@tanstack/react-router';
import { readStoredUserInfo } from '@/session/user-info-store';
import { allowedSettingsTabs } from '@/session/settings-tabs';

// The settings area's default child is the mailboxes tab; with mailboxes disabled, the first
// tab the workspace still has (the guard has already let this visitor into settings).
export const Route = createFileRoute('/_shell/settings/')({
  beforeLoad: () => {
    const user = readStoredUserInfo();
    const first = user ? allowedSettingsTabs(user)[0] : undefined;
    throw redirect({ to: first?.to ?? '/settings/mailboxes', replace: true });
  },
});
