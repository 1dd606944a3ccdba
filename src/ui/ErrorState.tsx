import { supportMailto } from '@/config';
import { Button, buttonClassName } from './Button';
import { EmptyState } from './EmptyState';
import { AlertCircleIcon } from './icons';

export const ERROR_STATE_TITLE = 'Something went wrong';
export const ERROR_STATE_TEXT =
  'We had some troubles loading this data. Please refresh this page to try again and get in touch if the problem sticks around.';

interface ErrorStateProps {
  /** Defaults to reloading the page, as the Refresh page label says. */
  onRefresh?: () => void;
}

/** The generic load-failure state, with Refresh page and Contact support. */
export function ErrorState({ onRefresh = () => window.location.reload() }: ErrorStateProps) {
  return (
    <EmptyState
      tone="danger"
      icon={<AlertCircleIcon size={26} />}
      title={ERROR_STATE_TITLE}
      text={ERROR_STATE_TEXT}
      action={
        <>
          <Button onClick={onRefresh}>Refresh page</Button>
          <a className={buttonClassName({ variant: 'secondary' })} href={supportMailto()}>
            Contact support
          </a>
        </>
      }
    />
  );
}
