import { GOOGLE_FAILURES } from '../../server/mail/google/failures';
import { openDatabase } from '../../server/db/open';
import { SecretBox } from '../../server/mail/secrets';
import { saveMailAccount } from '../../server/repos/mail-accounts';
import { startGoogleStandin, type GoogleStandin } from '../support/google-standin';
import { ACME } from './support/operator-cli';
import { expect, test } from './support/fixtures';
import { startFreshServer, type RunningServer } from './support/server';
import { seedToken, withDemoSessions } from './support/sign-in';

// The Add mailboxes page when the workspace reads Google Workspace: the live validation asks
// Google (its stand-in on loopback) and the page shows why a mailbox cannot be read.

const KEY = Buffer.alloc(32, 9);

/** Acme reads its mail from the stand-in's service account instead of the demo generator. */
async function readFromGoogle(dataDir: string, google: GoogleStandin) {
  const db = await openDatabase({ dataDir });
  try {
    const key = { type: 'service_account', ...google.serviceAccount };
    await saveMailAccount(db, Number(ACME), {
      provider: 'google',
      settings: { clientEmail: key.client_email },
      secret: new SecretBox(KEY).seal(JSON.stringify(key), {
        workspaceId: Number(ACME),
        provider: 'google',
      }),
    });
  } finally {
    await db.close();
  }
}

test('Google refusals are shown beside each address', async ({ browser }) => {
  test.setTimeout(120_000);
  const google = await startGoogleStandin();
  google.addMailbox('olivia.chen@acme.example');
  google.addMailbox('ethan.walker@acme.example').gmailEnabled = false;
  let server: RunningServer | undefined;
  try {
    server = await startFreshServer('add-mailboxes-google', undefined, {
      env: {
        SECRETS_KEY: KEY.toString('hex'),
        GOOGLE_TOKEN_URL: google.tokenUrl,
        GMAIL_API_URL: google.apiBaseUrl,
      },
      prepare: (dataDir) => readFromGoogle(dataDir, google),
    });
    const context = await browser.newContext();
    await seedToken(context, server.url, await withDemoSessions(server).token('admin'));
    const page = await context.newPage();
    await page.goto(`${server.url}/settings/mailboxes/add`);
    await page
      .getByRole('textbox', { name: 'Mailbox addresses' })
      .fill('olivia.chen@acme.example nobody@acme.example ethan.walker@acme.example');
    await page.getByRole('button', { name: 'Validate mailboxes' }).click();

    const valid = page.getByRole('list', { name: 'Valid mailboxes', exact: true });
    const invalid = page.getByRole('list', { name: 'Invalid mailboxes', exact: true });
    await expect(valid.getByRole('listitem')).toHaveText(['olivia.chen@acme.example']);
    await expect(invalid.getByRole('listitem')).toHaveText([
      `nobody@acme.example${GOOGLE_FAILURES.unknownMailbox}`,
      `ethan.walker@acme.example${GOOGLE_FAILURES.mailNotEnabled}`,
    ]);
    await context.close();
  } finally {
    await server?.stop();
    await google.close();
  }
});
