// @ts-check
// The layer rule: imports point one way, in the browser app (routes → screens → machines → api →
// common) and in the server (routes → engines → repos → db, domain, contract and common below
// all), and each folder lists the folders it may not import. Relative paths and the `@/` (src/) and `@common/`
// aliases are resolved, so no spelling of a path slips past.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const APP = ['src/routes', 'src/screens'];

// The server's rooms, top to bottom. The entry files (app, main, worker, cli) wire everything;
// routes, plugins, the CLI's commands and the workers drive the engines; the engines work
// through the repositories; repositories run SQL through db; domain rules, HTTP errors, logging,
// the configuration, the contract and common/ sit below them all.
const WIRING = ['server/routes', 'server/plugins', 'server/cli', 'server/workers'];
const ENGINES = [
  'server/stats',
  'server/alerts',
  'server/mail',
  'server/mailbox-validation',
  'server/auth',
  'server/outbound',
  'server/superset',
  'server/bi',
  'server/seed',
  'server/audit',
  'server/reports',
];
const BASE = ['server/http', 'server/logging', 'server/config'];
const ABOVE_DOMAIN = ['server/db', 'server/repos', ...ENGINES, ...WIRING];
/** Folder → the folders its files may not import (but for `except`), and why. */
const FORBIDDEN = [
  {
    from: 'common',
    not: ['src', 'server', 'test', 'scripts'],
    why: 'common/ imports neither the app nor the server',
  },
  { from: 'server', not: ['src'], why: 'the server shares code with the app only through common/' },
  {
    from: 'src',
    not: ['server', 'test', 'scripts'],
    why: 'the browser app does not import the server or tests',
  },
  {
    from: 'src/ui',
    not: ['src/machines', 'src/session', 'src/api', ...APP],
    why: 'ui primitives take props; they know no machine, session or API',
  },
  {
    from: 'src/stores',
    not: ['src/machines', 'src/ui', 'src/session', 'src/api', ...APP],
    why: 'stores sit below machines and ui',
  },
  {
    from: 'src/machines',
    not: ['src/ui', ...APP],
    why: 'machines know no React component; screens read machines',
  },
  {
    from: 'src/session',
    not: ['src/machines', 'src/ui', ...APP],
    why: 'the session sits below machines',
  },
  {
    from: 'src/telemetry',
    not: ['src/machines', 'src/ui', ...APP],
    why: 'telemetry sits below machines',
  },
  {
    from: 'src/api',
    not: ['src/machines', 'src/ui', 'src/session', 'src/domain', ...APP],
    why: 'the API client sits below machines and domain rules',
  },
  {
    from: 'src/domain',
    not: [
      'src/machines',
      'src/ui',
      'src/session',
      'src/stores',
      'src/telemetry',
      'src/api',
      ...APP,
    ],
    except: ['src/api/types'],
    why: 'domain rules are pure: they use the API types and common/ only',
  },
  {
    from: 'src/screens',
    not: ['src/routes'],
    why: 'shared screen parts do not reach into a route',
  },
  {
    from: 'server/contract',
    not: ['server/domain', ...BASE, ...ABOVE_DOMAIN],
    why: 'the contract describes the API; the rest of the server builds on it, not it on them',
  },
  {
    from: 'server/db',
    not: ['server/contract', 'server/domain', ...BASE, 'server/repos', ...ENGINES, ...WIRING],
    why: 'db runs statements and knows no table; repositories give rows their meaning',
  },
  ...BASE.map((from) => ({
    from,
    not: ['server/domain', ...ABOVE_DOMAIN],
    why: 'errors, logging and the configuration serve every room and know none of them',
  })),
  {
    from: 'server/domain',
    not: ABOVE_DOMAIN,
    why: 'domain rules are pure: they check values and name what is wrong, with no SQL or engine',
  },
  {
    from: 'server/repos',
    not: [...ENGINES, ...WIRING],
    why: 'a repository reads and writes rows for any caller; it knows no route, engine or sign-in',
  },
  ...ENGINES.map((from) => ({
    from,
    not: WIRING,
    why: 'routes, workers and the CLI drive the engines, never the other way',
  })),
];

/**
 * Imports the rules refuse that are known and left to their owners: each says whose it is to
 * fix and where the imported thing belongs.
 */
const ALLOWED = [
  // The mail branch's (issue 22): SyncCursor belongs below the repositories.
  { from: 'server/repos/mailbox-sync.ts', to: 'server/mail/connector' },
  // The mail branch's (issue 22): reading SECRETS_KEY belongs with the configuration.
  { from: 'server/config.ts', to: 'server/mail/secrets' },
];

const inside = (file, folder) => file === folder || file.startsWith(folder + '/');

/** The repository-relative path an import names, or null for a package. */
function resolveSpecifier(importer, specifier) {
  let absolute;
  if (specifier.startsWith('@/')) absolute = path.join(ROOT, 'src', specifier.slice(2));
  else if (specifier.startsWith('@common/'))
    absolute = path.join(ROOT, 'common', specifier.slice(8));
  else if (specifier.startsWith('.')) absolute = path.resolve(path.dirname(importer), specifier);
  else return null;
  return path.relative(ROOT, absolute).split(path.sep).join('/');
}

/**
 * A `-components` folder is private to its route folder, that folder's descendants and the
 * folder's own layout route (`settings.tsx` beside `settings/`).
 */
function privateFolderProblem(from, target) {
  const at = target.indexOf('/-components/');
  if (at < 0 || !inside(from, 'src')) return null;
  const owner = target.slice(0, at);
  return inside(path.posix.dirname(from), owner) || from.replace(/\.tsx?$/, '') === owner
    ? null
    : `${target} is private to ${owner}/; move what both use to a folder above them`;
}

function problem(from, target) {
  if (ALLOWED.some((allowed) => allowed.from === from && allowed.to === target)) return null;
  // A file beside a folder of the same stem (server/config.ts) is matched by its stem.
  const stem = from.replace(/\.(tsx?|jsx?)$/, '');
  for (const rule of FORBIDDEN) {
    if (!inside(stem, rule.from)) continue;
    if (rule.except?.includes(target.replace(/\.tsx?$/, ''))) continue;
    const hit = rule.not.find((folder) => inside(target, folder));
    if (hit) return `${rule.from}/ may not import ${hit}/ (${rule.why})`;
  }
  return privateFolderProblem(from, target);
}

/** @type {import('eslint').Rule.RuleModule} */
const direction = {
  meta: { type: 'problem', schema: [], docs: { description: 'imports follow the layers' } },
  create(context) {
    const from = path.relative(ROOT, context.filename).split(path.sep).join('/');
    /** @param {any} node */
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string') return;
      const target = resolveSpecifier(context.filename, source.value);
      if (target === null) return;
      const message = problem(from, target);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { direction } };
