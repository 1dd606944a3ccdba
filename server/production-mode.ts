// Imported first by each entry point (server, worker, CLI, bench): React, which renders the report
// emails, runs its production build unless NODE_ENV says otherwise. Its development build renders
// the same bytes several times slower (it records a debug stack for every element), which is most
// of what a morning's reports cost. Tests keep Vitest's NODE_ENV=test. It must run before React
// loads (React's builds do not mix): the bundle keeps it a file of its own, imported first
// (scripts/server-bundle.ts).

/** NODE_ENV as the operator gave it: only an operator's NODE_ENV=production keeps the demo off. */
export const givenNodeEnv = process.env.NODE_ENV;

process.env.NODE_ENV ??= 'production';
