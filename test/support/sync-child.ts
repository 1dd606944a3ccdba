// A sync worker process for the kill tests: syncs the due mailboxes of WORKSPACE_ID with the real
// worker code and prints `committed <n>` after each committed batch, so a test can kill it right
// after one. CLOCK_OFFSET_S moves its clock on (to claim a lease a killed process left behind).
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { syncDueMailboxes } from '../../server/mail/sync-worker';
import { openSecrets, syncWorkerDeps } from '../../server/workers/start';

const config = loadConfig();
const offsetMs = Number(process.env.CLOCK_OFFSET_S ?? '0') * 1000;
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const deps = syncWorkerDeps(db, config, await openSecrets(db, config), {
  now: () => new Date(Date.now() + offsetMs),
  onBatch: (_mailbox, _batch, result) => console.log(`committed ${result.inserted}`),
});
const outcomes = await syncDueMailboxes(deps, new AbortController().signal, {
  workspaceId: Number(process.env.WORKSPACE_ID),
});
console.log(JSON.stringify(outcomes));
await db.close();
