import { supportMailto } from '@/config';
import { Button, buttonClassName } from './Button';
import { ERROR_STATE_TEXT, ERROR_STATE_TITLE } from './ErrorState';
import { MessagePage } from './MessagePage';
import { Logo } from './shell/Logo';

/**
 * What a page that failed to render shows (the router's error component): the app's logo and
 * the generic failure state, full height, in place of the router's bare default.
 */
export function ErrorPage() {
  return (
    <MessagePage
      fullHeight
      illustration={<Logo />}
      title={ERROR_STATE_TITLE}
      text={ERROR_STATE_TEXT}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>Refresh page</Button>
          <a className={buttonClassName({ variant: 'secondary' })} href={supportMailto()}>
            Contact support
          </a>
        </>
      }
    />
  );
}
