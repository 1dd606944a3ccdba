import {
  addChips,
  bodyRows,
  chip,
  createAlertByApi,
  openPage,
  rowAction,
  rowNamed,
  search,
  toastTitle,
} from './support/alerts-page';
import {
  expectNotFound,
  featuresOffTest,
  readOnlyTest,
  READ_ONLY_NOTE,
} from './support/feature-variants';
import { expect, test } from './support/fixtures';
import { listsTest } from './support/lists-server';
import { ACME } from './support/operator-cli';

// The Alerts page as the demo admin, against the real server: Acme has Key accounts waiting
// (active, 2 hours, Sales and Support) and Billing disputes (paused, 4 hours), both by Ada, and
// may have 5 alerts.

test.describe('alerts, listed', () => {
  test.use({ signedInAs: 'admin' });

  test('lists the alerts with their use of the limit, status and last trigger', async ({
    page,
  }) => {
    await openPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('2 of 5 used');
    await expect(
      page.getByText(
        'Set up alerts for unreplied emails to prevent slow responses and missed emails.',
      ),
    ).toBeVisible();
    const key = rowNamed(page, 'Key accounts waiting');
    await expect(key).toContainText('No reply within 2 hours · 2 mailboxes');
    await expect(key).toContainText('ada.admin@acme.example');
    await expect(key).toContainText('Never');
    await expect(key).toContainText('Active');
    await expect(rowNamed(page, 'Billing disputes')).toContainText('Paused');
    await expect(
      page.getByRole('columnheader', { name: 'Status' }).getByRole('button'),
    ).toHaveCount(0);
  });

  test('sorts by name both ways, and searches by name', async ({ page }) => {
    await openPage(page);
    const name = page.getByRole('columnheader', { name: 'Name' }).getByRole('button');
    await name.click();
    await expect(bodyRows(page).first()).toContainText('Billing disputes');
    await name.click();
    await expect(bodyRows(page).first()).toContainText('Key accounts waiting');
    await page.getByRole('columnheader', { name: 'Last triggered' }).getByRole('button').click();
    await expect(page.getByRole('columnheader', { name: 'Last triggered' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await expect(search(page)).toHaveAttribute('placeholder', 'Search by alert name');
    await search(page).fill('billing');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('Billing disputes');

    await search(page).fill('escalations');
    await expect(page.getByRole('heading', { name: 'No alerts found' })).toBeVisible();
    await expect(
      page.getByText(
        `Your search "escalations" didn't match any alert. Please try again or add a new alert.`,
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Create a new alert' }).last().click();
    await expect(page.getByRole('dialog', { name: 'Create new alert' })).toBeVisible();
  });
});

listsTest('creates an alert, saying what is wrong on the way', async ({ page }) => {
  await openPage(page);
  await page.getByRole('button', { name: 'Create a new alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create new alert' });
  const submit = dialog.getByRole('button', { name: 'Create alert' });
  const hours = dialog.getByRole('textbox', { name: 'Hours without a reply' });
  const targets = dialog.getByRole('textbox', { name: 'Domains and addresses' });
  const notify = dialog.getByRole('textbox', { name: 'Notification emails' });
  await expect(submit).toBeDisabled();
  await expect(
    dialog.getByText(
      'Still needed: a name, a mailbox, whole hours above 0, a domain or address to watch.',
    ),
  ).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Alert name' }).fill('Escalations');
  await dialog.getByRole('checkbox', { name: /^support@acme\.example/ }).check();
  await hours.pressSequentially('1.5');
  await expect(hours).toHaveValue('1.5');
  await expect(dialog.getByText('Enter a whole number of hours above 0.')).toBeVisible();
  await hours.fill('0');
  await expect(dialog.getByText('Enter a whole number of hours above 0.')).toBeVisible();
  await hours.fill('3');
  await expect(dialog.getByText('Enter a whole number of hours above 0.')).toHaveCount(0);

  await addChips(targets, 'not a domain');
  await expect(dialog.getByText('Please check that all domains are correct')).toBeVisible();
  for (const entry of ['not', 'a', 'domain']) {
    await dialog.getByRole('button', { name: `Remove ${entry}`, exact: true }).click();
  }
  await expect(dialog.getByText('Please check that all domains are correct')).toHaveCount(0);
  await addChips(targets, 'globex.example *.initech.example ceo@bigclient.example');

  await expect(chip(dialog, 'ada.admin@acme.example')).toBeVisible();
  await addChips(notify, 'oops@');
  await expect(dialog.getByText('Please check that all email addresses are correct')).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByRole('button', { name: 'Remove oops@' }).click();
  // Text still in an input blocks the submit until it becomes a chip.
  await notify.fill('max.manager@acme.example');
  await expect(submit).toBeDisabled();
  await notify.press('Enter');
  await expect(submit).toBeEnabled();

  await submit.click();
  await expect(toastTitle(page, 'New alert created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowNamed(page, 'Escalations')).toContainText('No reply within 3 hours · 1 mailbox');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('3 of 5 used');
});

listsTest.describe('at the limit', () => {
  listsTest.use({
    operatorCommands: [['limits:set', '--workspace', ACME, '--max-alerts', '3']],
  });

  listsTest(
    'the server refuses a creation the page allowed, in the modal',
    async ({ page, app }) => {
      await openPage(page);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('2 of 3 used');
      await page.getByRole('button', { name: 'Create a new alert' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create new alert' });
      await dialog.getByRole('textbox', { name: 'Alert name' }).fill('Late one');
      await dialog.getByRole('checkbox', { name: /^sales@acme\.example/ }).check();
      await dialog.getByRole('textbox', { name: 'Hours without a reply' }).fill('1');
      await addChips(dialog.getByRole('textbox', { name: 'Domains and addresses' }), 'acme.org');
      // Meanwhile the last free slot goes.
      await createAlertByApi(page, await app.token('admin'), 'Taken elsewhere');
      await dialog.getByRole('button', { name: 'Create alert' }).click();
      await expect(dialog.getByText("You've reched your limit of alerts")).toBeVisible();

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.reload();
      await expect(bodyRows(page)).toHaveCount(3);
      await page.getByRole('button', { name: 'Create a new alert' }).click();
      await expect(toastTitle(page, "You've reched your limit of alerts")).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
  );
});

listsTest('edits an alert after fetching it', async ({ page }) => {
  await openPage(page);
  await rowAction(page, 'Key accounts waiting', 'Edit alert');
  const dialog = page.getByRole('dialog', { name: 'Edit alert' });
  await expect(dialog.getByRole('textbox', { name: 'Alert name' })).toHaveValue(
    'Key accounts waiting',
  );
  await expect(dialog.getByRole('textbox', { name: 'Hours without a reply' })).toHaveValue('2');
  await expect(dialog.getByRole('checkbox', { name: /^sales@acme\.example/ })).toBeChecked();
  await expect(chip(dialog, 'ceo@bigclient.example')).toBeVisible();
  await expect(chip(dialog, 'globex.example')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Alert name' }).fill('Key accounts');
  await dialog.getByRole('textbox', { name: 'Hours without a reply' }).fill('4');
  await dialog.getByRole('checkbox', { name: /^support@acme\.example/ }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toastTitle(page, 'Your alert has been updated')).toBeVisible();
  await expect(rowNamed(page, 'Key accounts')).toContainText('No reply within 4 hours · 1 mailbox');
});

listsTest('pauses and resumes alerts', async ({ page }) => {
  await openPage(page);
  await rowAction(page, 'Key accounts waiting', 'Pause alert');
  await expect(toastTitle(page, 'Your alert has been paused')).toBeVisible();
  await expect(rowNamed(page, 'Key accounts waiting')).toContainText('Paused');

  await rowAction(page, 'Billing disputes', 'Resume alert');
  await expect(toastTitle(page, 'Your alert has been resumed')).toBeVisible();
  await expect(rowNamed(page, 'Billing disputes')).toContainText('Active');

  await page.reload();
  await expect(rowNamed(page, 'Key accounts waiting')).toContainText('Paused');
  await expect(rowNamed(page, 'Billing disputes')).toContainText('Active');
  await page.getByRole('button', { name: 'Actions for Key accounts waiting' }).click();
  await expect(page.getByRole('menuitem', { name: 'Resume alert' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Pause alert' })).toHaveCount(0);
});

listsTest('deletes one alert from its menu, then the others at once', async ({ page, app }) => {
  await createAlertByApi(page, await app.token('admin'), 'Initech threads');
  await openPage(page, 3);
  await rowAction(page, 'Initech threads', 'Delete alert');
  const one = page.getByRole('dialog', { name: 'Delete alert' });
  await expect(one).toContainText('Initech threads');
  await one.getByRole('button', { name: 'Delete' }).click();
  await expect(toastTitle(page, 'Your alert has been removed')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(2);

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete alerts' }).click();
  await page
    .getByRole('dialog', { name: 'Delete 2 alerts' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toastTitle(page, 'Your alerts have been removed')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Never miss an important email again' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('used');
  await page.getByRole('button', { name: 'Create my first alert' }).click();
  await expect(page.getByRole('dialog', { name: 'Create new alert' })).toBeVisible();
});

readOnlyTest.describe('alerts, read-only', () => {
  readOnlyTest.use({ signedInAs: 'admin' });

  readOnlyTest('shows the alerts without any editing control', async ({ page }) => {
    await openPage(page);
    await expect(page.getByText(READ_ONLY_NOTE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create a new alert' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
    await expect(rowNamed(page, 'Billing disputes')).toContainText('Paused');
  });
});

featuresOffTest.describe('alerts, disabled', () => {
  featuresOffTest.use({ signedInAs: 'admin' });

  featuresOffTest('has no Alerts item, and /alerts/ is not found', async ({ page }) => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Alerts' })).toHaveCount(0);
    await expectNotFound(page, '/alerts/');
  });
});
