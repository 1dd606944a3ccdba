import { createFileRoute } from '@tanstack/react-router';
import { AccessDeniedPage } from '../-components/StatusPages';

// Routed but not linked from anywhere, as in the spec.
export const Route = createFileRoute('/_shell/access-denied')({
  component: AccessDeniedPage,
});
