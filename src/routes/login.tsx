import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useFlowMachine } from '@/app-context';
import { createLoginMachine } from '@/machines/login/login.machine';
import { setLoginErrorFlag } from './-components/login/login-error-flag';
import { LoginPage } from './-components/login/LoginPage';
import { validateLoginSearch } from './-components/login/login-search';

// A page load of /login is served by the standalone host (`-login-entry.tsx`) without the router;
// this route serves the navigations inside the app (the guard sending a signed-out visitor here).

export const Route = createFileRoute('/login')({
  staticData: { routeName: 'login' },
  validateSearch: validateLoginSearch,
  // The failed sign-in arrives as ?error=account: keep it as the flag and drop the parameter,
  // before the page reads the flag.
  beforeLoad: ({ search }) => {
    if (search.error !== 'account') return;
    setLoginErrorFlag();
    throw redirect({ to: '/login', search: { email: search.email }, replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/login' });
  const machine = useFlowMachine(createLoginMachine);
  // The email is read once from the URL, then kept only in memory.
  const [email, setEmail] = useState(search.email);

  useEffect(() => {
    // Take the address out of the address bar (and out of history) once it has been read.
    if (search.email !== undefined) void navigate({ to: '/login', search: {}, replace: true });
  }, [search.email, navigate]);

  return <LoginPage machine={machine} email={email} onChangeEmail={() => setEmail(undefined)} />;
}
