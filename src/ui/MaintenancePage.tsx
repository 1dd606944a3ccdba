import { NoPermissionIllustration } from './illustrations';
import { MessagePage } from './MessagePage';

/** Shown instead of the app while the service is under maintenance (full height, centred). */
export function MaintenancePage() {
  return (
    <MessagePage
      fullHeight
      illustration={<NoPermissionIllustration />}
      title="We’re currently performing scheduled maintenance"
      text="Our website is temporarily unavailable while we improve your experience. We’ll be back shortly — thank you for your patience!"
    />
  );
}
