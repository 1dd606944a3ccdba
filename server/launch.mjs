// The compiled server's entry: `node dist/server/launch.mjs serve|worker|cli|start [args]`
// (npm run serve, npm run worker, npm start, the container, the service units). Plain JavaScript
// that any Node parses, so an older Node is told which one it needs before a module of the server
// loads. The build copies it into dist/server/ beside the entries it starts.
import { existsSync } from 'node:fs';

const NEEDED = 22;
const found = process.versions.node;
if (Number(found.split('.')[0]) < NEEDED) {
  console.error(`Mailpulse needs Node.js ${NEEDED} or later, and this is Node.js ${found}.`);
  process.exit(1);
}

const ENTRIES = { serve: './main.js', start: './main.js', worker: './worker.js', cli: './cli.js' };
const name = process.argv[2];
if (!Object.hasOwn(ENTRIES, name)) {
  console.error(`Usage: node launch.mjs ${Object.keys(ENTRIES).join('|')} [arguments]`);
  process.exit(2);
}
if (!existsSync(new URL(ENTRIES[name], import.meta.url))) {
  console.error('Mailpulse is not built here: run npm run build first.');
  process.exit(1);
}
// A production start, unless the operator says otherwise: the demo stays off unless DEMO=1.
// `npm start` (start) is the trial on this machine and keeps NODE_ENV as given.
if (name !== 'start') process.env.NODE_ENV ??= 'production';
// The entry reads its own arguments from argv[2] on, as when started directly.
process.argv.splice(2, 1);
await import(ENTRIES[name]);
