import type { BreadcrumbTrail } from './breadcrumbs';
import type { ReportFn } from './reporter';

const LABEL_MAX = 80;

type BrowserWindow = Window & typeof globalThis;

function describeArg(arg: unknown): string {
  if (arg instanceof Error) return `${arg.name}: ${arg.message}`;
  if (typeof arg === 'string') return arg;
  try {
    return JSON.stringify(arg) ?? String(arg);
  } catch {
    return String(arg);
  }
}

function clickLabel(element: Element): string {
  const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
  return label.replace(/\s+/g, ' ').trim().slice(0, LABEL_MAX);
}

interface InstrumentOptions {
  trail: BreadcrumbTrail;
  report: ReportFn;
}

function wrapConsoleError(win: BrowserWindow, { trail }: InstrumentOptions): () => void {
  const original = win.console.error;
  win.console.error = (...args: unknown[]) => {
    trail.leave('log', `console.error: ${args.map(describeArg).join(' ')}`);
    original.apply(win.console, args);
  };
  return () => {
    win.console.error = original;
  };
}

/**
 * Automatic breadcrumbs of clicks on buttons and links and of console errors, and automatic
 * reports of uncaught errors and unhandled rejections. Returns the undo.
 */
export function instrument(win: BrowserWindow, options: InstrumentOptions): () => void {
  const { trail, report } = options;
  const onError = (event: ErrorEvent) => report(event.error ?? event.message, 'uncaught');
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason, 'unhandled_rejection');
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button, a') : null;
    if (target) trail.leave('user', `Clicked ${target.localName} "${clickLabel(target)}"`);
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  win.addEventListener('click', onClick, true);
  const restoreConsole = wrapConsoleError(win, options);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
    win.removeEventListener('click', onClick, true);
    restoreConsole();
  };
}
