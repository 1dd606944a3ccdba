import { expect, test } from './support/fixtures';
import { expectNotFound, featuresOffTest, readOnlyTest } from './support/feature-variants';

test.describe('integrations, enabled', () => {
  test.use({ signedInAs: 'admin' });

  test('shows the 22 tiles in three groups and sends a request', async ({ page }) => {
    await page.goto('/integrations');
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    for (const [group, count] of [
      ['CRM', 6],
      ['Sales and marketing', 9],
      ['Data warehouse', 7],
    ] as const) {
      await expect(page.getByRole('region', { name: group }).getByRole('button')).toHaveCount(
        count,
      );
    }
    await page.getByRole('button', { name: 'Request the BigQuery integration' }).click();
    const request = page.getByRole('dialog', { name: 'Request the BigQuery integration' });
    const send = request.getByRole('button', { name: 'Send request' });
    await request.getByRole('textbox').fill('Daily');
    await expect(send).toBeDisabled();
    await request.getByRole('textbox').fill('Daily export of response times');
    const posted = page.waitForResponse('**/portal/api/integration-requests/');
    await send.click();
    const response = await posted;
    expect(response.status()).toBe(202);
    expect(response.request().postDataJSON()).toEqual({
      content: 'Daily export of response times',
      integration_name: 'BigQuery',
      integration_id: 'bigquery',
    });
    await expect(page.getByText('Request sent', { exact: true })).toBeVisible();
    await expect(request).toHaveCount(0);
  });
});

readOnlyTest.describe('integrations, alerts read-only', () => {
  readOnlyTest.use({ signedInAs: 'admin' });

  // A request changes nothing in the workspace, so a read-only alerts area keeps it.
  readOnlyTest('still opens the request modal', async ({ page }) => {
    await page.goto('/integrations');
    await page.getByRole('button', { name: 'Request the Zendesk integration' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Request the Zendesk integration' }),
    ).toBeVisible();
  });
});

featuresOffTest.describe('integrations, alerts disabled', () => {
  featuresOffTest.use({ signedInAs: 'admin' });

  featuresOffTest('has no side-panel item and its route is not found', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }),
    ).toHaveCount(0);
    await expectNotFound(page, '/integrations');
  });
});
