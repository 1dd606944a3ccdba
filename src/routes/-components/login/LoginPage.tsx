import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { DEMO_URL, LOGIN_START, supportMailto, TERMS_URL } from '@/config';
import type { LoginMachine } from '@/machines/login/login.machine';
import { loginView } from '@/machines/login/login.view';
import { sameView } from '@/machines/shared/same-view';
import { Button } from '@/ui/Button';
import { AlertCircleIcon } from '@/ui/icons';
import { Logo } from '@/ui/shell/Logo';
import { BrandPanel } from './BrandPanel';
import { DemoSignIn } from './DemoSignIn';
import { hasLoginErrorFlag } from './login-error-flag';
import { ProviderButton } from './ProviderButton';
import { GoogleLogo, KeyLogo, MicrosoftLogo } from './ProviderLogos';
import './LoginPage.css';

interface LoginPageProps {
  machine: LoginMachine;
  /** Address passed in the URL, shown in a card above the sign-in buttons. */
  email?: string;
  /** Change email: back to the plain (secure) login page without the address. */
  onChangeEmail: () => void;
}

function LoginErrorBox() {
  return (
    <div className="login-error" role="alert">
      <AlertCircleIcon size={20} className="login-error-icon" />
      <p>
        Sorry, we couldn't find your account. If you believe this is an error, please get in touch
        with your administrator or <a href={supportMailto()}>contact support</a>.
      </p>
    </div>
  );
}

function EmailCard({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  return (
    <section className="login-email-card" aria-label="Email address">
      <span className="login-email-avatar" aria-hidden="true">
        {email.charAt(0).toUpperCase()}
      </span>
      <span className="login-email-address">{email}</span>
      <Button variant="ghost" size="small" onClick={onChangeEmail}>
        Change email
      </Button>
    </section>
  );
}

export function LoginPage({ machine, email, onChangeEmail }: LoginPageProps) {
  const [showError] = useState(hasLoginErrorFlag);
  const actor = useActorRef(machine);
  const view = useSelector(actor, loginView, sameView);
  return (
    <div className="login">
      <BrandPanel />
      <main className="login-main">
        <div className="login-form">
          <div className="login-logo">
            <Logo />
          </div>
          <h1 className="login-title">Log in to the enterprise edition of Mailpulse</h1>
          <p className="login-lead">
            Don't have an Enterprise account? <a href={DEMO_URL}>Get in touch</a>
          </p>
          {showError && <LoginErrorBox />}
          {email && <EmailCard email={email} onChangeEmail={onChangeEmail} />}
          <div className="login-providers">
            <ProviderButton
              href={LOGIN_START.google}
              logo={<GoogleLogo />}
              label="Continue with Google"
              unavailable={view.googleUnavailable}
            />
            <ProviderButton
              href={LOGIN_START.microsoft}
              logo={<MicrosoftLogo />}
              label="Continue with Microsoft"
              unavailable={view.microsoftUnavailable}
            />
            {view.companySignIn !== null && (
              <ProviderButton
                href={LOGIN_START.company}
                logo={<KeyLogo />}
                label={view.companySignIn}
                unavailable={null}
              />
            )}
          </div>
          {view.demoUsers.length > 0 && (
            <DemoSignIn
              users={view.demoUsers}
              busyUser={view.busyUser}
              error={view.demoError}
              onSignIn={(user) => actor.send({ type: 'DEMO_SIGN_IN', user })}
            />
          )}
          <p className="login-terms">
            By logging in you agree to the <a href={TERMS_URL}>Terms and Conditions</a>.
          </p>
        </div>
      </main>
    </div>
  );
}
