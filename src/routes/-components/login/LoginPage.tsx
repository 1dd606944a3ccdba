import { useState } from 'react';
import { DEMO_URL, LOGIN_START, supportMailto, TERMS_URL } from '@/config';
import { Button, buttonClassName } from '@/ui/Button';
import { AlertCircleIcon } from '@/ui/icons';
import { Logo } from '@/ui/shell/Logo';
import { BrandPanel } from './BrandPanel';
import { clearLoginErrorFlag, hasLoginErrorFlag } from './login-error-flag';
import { GoogleLogo, MicrosoftLogo } from './ProviderLogos';
import './LoginPage.css';

export interface LoginPageProps {
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

function EmailCard({ email, onChangeEmail }: Required<LoginPageProps>) {
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

export function LoginPage({ email, onChangeEmail }: LoginPageProps) {
  const [showError] = useState(hasLoginErrorFlag);
  const providerButton = buttonClassName({ variant: 'secondary', size: 'large', block: true });
  return (
    <div className="login">
      <BrandPanel />
      <main className="login-main">
        <div className="login-form">
          <div className="login-logo">
            <Logo />
          </div>
          <h1 className="login-title">Log in to the enterprise edition of the product</h1>
          <p className="login-lead">
            Don't have an Enterprise account? <a href={DEMO_URL}>Get in touch</a>
          </p>
          {showError && <LoginErrorBox />}
          {email && <EmailCard email={email} onChangeEmail={onChangeEmail} />}
          <div className="login-providers">
            <a className={providerButton} href={LOGIN_START.google} onClick={clearLoginErrorFlag}>
              <GoogleLogo />
              Continue with Google
            </a>
            <a
              className={providerButton}
              href={LOGIN_START.microsoft}
              onClick={clearLoginErrorFlag}
            >
              <MicrosoftLogo />
              Continue with Microsoft
            </a>
          </div>
          <p className="login-terms">
            By logging in you agree to the <a href={TERMS_URL}>Terms and Conditions</a>.
          </p>
        </div>
      </main>
    </div>
  );
}
