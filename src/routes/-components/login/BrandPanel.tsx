import { CheckCircleIcon } from '@/ui/icons';
import { Logo } from '@/ui/shell/Logo';

const HIGHLIGHTS = [
  'Response times and unreplied emails for every tracked mailbox',
  'Alerts before an important customer waits too long',
  'Team views with business hours and internal domains taken into account',
];

/** Decorative left column of the login page; hidden on narrow screens. */
export function BrandPanel() {
  return (
    <aside className="login-brand" aria-hidden="true">
      <Logo />
      <div className="login-brand-body">
        <p className="login-brand-headline">Email statistics for every team inbox.</p>
        <ul className="login-brand-list">
          {HIGHLIGHTS.map((text) => (
            <li key={text}>
              <CheckCircleIcon size={20} />
              {text}
            </li>
          ))}
        </ul>
      </div>
      <p className="login-brand-footer">Mailpulse Enterprise</p>
    </aside>
  );
}
