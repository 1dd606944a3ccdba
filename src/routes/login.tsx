import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { LoginPage } from './-components/login/LoginPage';

interface LoginSearch {
  email?: string;
}

export const Route = createFileRoute('/login')({
  staticData: { routeName: 'login' },
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.email === 'string' && search.email !== '' ? { email: search.email } : {},
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/login' });
  // The email is read once from the URL, then kept only in memory.
  const [email, setEmail] = useState(search.email);

  useEffect(() => {
    // Take the address out of the address bar (and out of history) once it has been read.
    if (search.email !== undefined) void navigate({ to: '/login', search: {}, replace: true });
  }, [search.email, navigate]);

  return <LoginPage email={email} onChangeEmail={() => setEmail(undefined)} />;
}
