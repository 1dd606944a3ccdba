import { join } from 'node:path';
import { inject } from 'vitest';

// The databases the tests open in their own process run PGlite's thread from the run's bundle
// (global-setup.ts), plain JavaScript, instead of compiling server/db/pglite-thread.ts through
// tsx for each (server/db/pglite.ts, PGLITE_THREAD). The processes they start inherit it, which
// changes nothing for one run from the bundle, whose thread is that file already.
process.env.PGLITE_THREAD = join(inject('serverBundle'), 'pglite-thread.js');
