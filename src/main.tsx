// The bootstrap: what every page load runs, then the host of the page asked for.
// First: error reporting and breadcrumbs, before anything else can fail.
import '@/telemetry/start';
import { createRoot } from 'react-dom/client';
import { isLoginPath, normalizePath } from '@/session/access';
// Inter ships with the app (served by our server): the CSP allows no font host.
import '@fontsource-variable/inter';
import '@/styles/tokens.css';
import '@/styles/base.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
// One root for the page's life: the login page hands it over to the router app.
const root = createRoot(rootElement);

/** The router app (the router, its route tree, the app's machines), loaded when needed. */
const renderApp = async (arrival?: string) => (await import('./app')).renderApp(root, arrival);

// A page load of /login, most visitors' first, runs without the router: the login page's own
// host loads the app once the visitor has signed in, or when the route guard sends them on.
if (isLoginPath(normalizePath(window.location.pathname))) {
  void import('./routes/-login-entry').then(({ startLogin }) => startLogin(root, renderApp));
} else {
  void renderApp();
}
