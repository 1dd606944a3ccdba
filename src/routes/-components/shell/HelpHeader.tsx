import { DOCS_URL } from '@/config';
import { buttonClassName } from '@/ui/Button';
import { HelpCircleIcon } from '@/ui/icons';
import './HelpHeader.css';

/** The help bar above every page but the dashboard, once a dashboard platform is set up. */
export function HelpHeader() {
  return (
    <aside className="help-header" aria-label="Help">
      <p className="help-header-text">Questions about your settings or your dashboard?</p>
      <a
        className={buttonClassName({ variant: 'secondary', size: 'small' })}
        href={DOCS_URL}
        target="_blank"
        rel="noreferrer"
      >
        <HelpCircleIcon size={16} />
        Help
      </a>
    </aside>
  );
}
