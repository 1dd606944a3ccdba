import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../support/fake-api';
import { renderApp } from '../support/render-app';

const ERROR_TEXT =
  "Sorry, we couldn't find your account. If you believe this is an error, please get in touch with your administrator or contact support.";

async function renderLogin(path: string) {
  const { router } = renderApp(path, { signedIn: false });
  await screen.findByRole('heading', { name: 'Log in to the enterprise edition of Mailpulse' });
  return router;
}

describe('login page', () => {
  it('shows the spec texts and the two sign-in paths', async () => {
    await renderLogin('/login');
    expect(screen.getByText(/Don't have an Enterprise account\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get in touch' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/portal/login/google-oauth2',
    );
    expect(screen.getByRole('link', { name: 'Continue with Microsoft' })).toHaveAttribute(
      'href',
      '/portal/login/microsoft-graph',
    );
    expect(screen.getByText(/By logging in you agree to the/)).toHaveTextContent(
      'By logging in you agree to the Terms and Conditions.',
    );
  });

  it("adds the company's sign-in after the two, with the server's label, once it is set up", async () => {
    const options = { google: true, microsoft: true, demo_users: [] };
    const api = fakeApi({
      'GET /portal/api/sign-in-options/': {
        body: { ...options, oidc_label: 'Continue with Acme SSO' },
      },
    });
    renderApp('/login', { signedIn: false, api: api.client });
    const company = await screen.findByRole('link', { name: 'Continue with Acme SSO' });
    expect(company).toHaveAttribute('href', '/portal/login/oidc');
    expect(
      screen.getAllByRole('link', { name: /^Continue with/ }).map((link) => link.textContent),
    ).toEqual(['Continue with Google', 'Continue with Microsoft', 'Continue with Acme SSO']);
  });

  it('offers no third button while the company sign-in is not set up', async () => {
    const api = fakeApi({
      'GET /portal/api/sign-in-options/': {
        body: { google: true, microsoft: false, oidc_label: null, demo_users: [] },
      },
    });
    renderApp('/login', { signedIn: false, api: api.client });
    expect(
      await screen.findByText('Microsoft sign-in is not set up on this server.'),
    ).toBeVisible();
    expect(screen.getAllByRole('link', { name: /^Continue with/ })).toHaveLength(1);
  });

  it('shows no error box and no email card without the flag and the parameter', async () => {
    await renderLogin('/login');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change email' })).not.toBeInTheDocument();
  });

  it('shows the error box when local storage has the errorLogin flag', async () => {
    window.localStorage.setItem('errorLogin', 'true');
    await renderLogin('/login');
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR_TEXT);
    expect(screen.getByRole('link', { name: 'contact support' })).toHaveAttribute(
      'href',
      'mailto:support@mailpulse.example',
    );
  });

  it('shows the email parameter in a card and removes it from the address bar', async () => {
    const router = await renderLogin('/login?email=jane%40acme.example');
    const card = screen.getByRole('region', { name: 'Email address' });
    expect(card).toHaveTextContent('jane@acme.example');
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('region', { name: 'Email address' })).toBeInTheDocument();
  });

  it('Change email leaves the plain login page', async () => {
    await renderLogin('/login?email=jane%40acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(screen.queryByText('jane@acme.example')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toBeInTheDocument();
  });
});
