import { ShellLayout } from './ShellLayout';
import { NotFoundPage } from './StatusPages';

/** The not-found page inside the signed-in shell (loaded on demand by the root route). */
export function ShellNotFound() {
  return (
    <ShellLayout>
      <NotFoundPage />
    </ShellLayout>
  );
}
