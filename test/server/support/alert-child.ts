// A server process reduced to the alert work, for the kill tests: `evaluate` runs one evaluation
// at NOW and then waits to be killed (the outbox is written, nothing sent); `send` drains the
// outbox at NOW, and with PAUSE_AFTER_SEND waits to be killed after the SMTP server accepted the
// first row and before that is committed. It prints one line when it reaches its point.
import { alertChannels } from '../../../server/alerts/delivery';
import { evaluateAlerts } from '../../../server/alerts/evaluate';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/open';
import { drainOnce, type Channel } from '../../../server/outbound/forwarder';
import { createOutboundGuard } from '../../../server/outbound/safe-target';
import { recordingLogger } from './webhook';

const { DATABASE_URL, NOW, MODE, PAUSE_AFTER_SEND } = process.env;
const now = new Date(NOW ?? '');
const forever = () => new Promise<never>(() => undefined);

async function main() {
  const db = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: '' });
  if (MODE === 'evaluate') {
    await evaluateAlerts(db, `child:${process.pid}`, now);
    console.log('outbox written');
    return forever();
  }
  const guard = createOutboundGuard({ allowPrivate: false });
  const channels = alertChannels(loadConfig(), db, guard).map((channel): Channel => ({
    kinds: channel.kinds,
    async send(row, at) {
      const error = await channel.send(row, at);
      if (PAUSE_AFTER_SEND) {
        console.log('sent, not yet marked');
        return forever();
      }
      return error;
    },
  }));
  const result = await drainOnce(db, channels, recordingLogger().log, { now: () => now });
  console.log(`drained ${result.delivered}`);
  await guard.close();
  await db.close();
}

void main();
