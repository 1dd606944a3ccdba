import { Link } from '@tanstack/react-router';
import { supportMailto } from '@/config';
import { buttonClassName } from '@/ui/Button';
import { NoPermissionIllustration, NotFoundIllustration } from '@/ui/illustrations';
import { MessagePage } from '@/ui/MessagePage';

function HomeAndSupportActions() {
  return (
    <>
      <Link to="/" className={buttonClassName()}>
        Go back to the homepage
      </Link>
      <a href={supportMailto()} className={buttonClassName({ variant: 'secondary' })}>
        Contact support
      </a>
    </>
  );
}

export function NotFoundPage() {
  return (
    <MessagePage
      illustration={<NotFoundIllustration />}
      title="Whoa! How did you end up here?"
      text="We couldn't find the page you are looking for."
      actions={<HomeAndSupportActions />}
    />
  );
}

export function AccessDeniedPage() {
  return (
    <MessagePage
      illustration={<NoPermissionIllustration />}
      title="You don't have permission to access this page"
      text="If you believe you should have access, please reach out to an admin or contact support."
      actions={<HomeAndSupportActions />}
    />
  );
}
