import type { DemoUser } from '@/api/types';
import { Button } from '@/ui/Button';

interface DemoSignInProps {
  users: readonly DemoUser[];
  busyUser: DemoUser | null;
  error: string | null;
  onSignIn: (user: DemoUser) => void;
}

const ROLE_LABELS = { admin: 'Admin', manager: 'Manager', viewer: 'Viewer' } as const;

/** "Try the demo": one button per demo user, shown only while demo sign-in is on. */
export function DemoSignIn({ users, busyUser, error, onSignIn }: DemoSignInProps) {
  return (
    <section className="login-demo" aria-labelledby="login-demo-title">
      <h2 id="login-demo-title" className="login-demo-title">
        Try the demo
      </h2>
      <p className="login-demo-lead">Sign in as one of the demo workspace's users.</p>
      <ul className="login-demo-users">
        {users.map((user) => (
          <li key={`${user.workspace_id}-${user.user_id}`}>
            <Button
              variant="secondary"
              block
              className="login-demo-user"
              busy={busyUser === user}
              busyLabel="Signing in..."
              disabled={busyUser !== null}
              onClick={() => onSignIn(user)}
            >
              <span className="login-demo-role">{ROLE_LABELS[user.role]}</span>
              <span className="login-demo-email">{user.email}</span>
            </Button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="login-demo-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
