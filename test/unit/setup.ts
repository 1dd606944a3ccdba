import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { dismissAllToasts } from '../../src/stores/toast-store';
// Every screen may hold a table or a cut text, which observe their size.
import './settings/resize-observer';

// findBy… and waitFor give up after 1 s by default: on a shared 2-core machine under load, a
// lazily loaded route can take longer to render than that. They still fail when it never does.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not implement scrolling; the router scrolls to the top after each navigation.
window.scrollTo = () => undefined;

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The toasts
// are module state, which the logic project's files share (isolate: false): a toast one test
// left once reached the next file's test that counts toasts.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  dismissAllToasts();
});
