import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';

/** Specs run on this server have business hours, metric adjustments, contact groups and alerts read-only. */
export const readOnlyTest = test.extend({
  app: async ({ readOnlySettingsServer }, provide) => {
    await provide(readOnlySettingsServer);
  },
});

/** Specs run on this server have business hours, metric adjustments, contact groups and alerts off. */
export const featuresOffTest = test.extend({
  app: async ({ settingsOffServer }, provide) => {
    await provide(settingsOffServer);
  },
});

export const READ_ONLY_NOTE = /These settings are read-only for your workspace/;

/** A disabled feature's route shows the not-found page, inside the shell. */
export async function expectNotFound(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Whoa! How did you end up here?' })).toBeVisible();
  await expect(page).toHaveURL(path);
}

/** The settings tab bar's labels. */
export const settingsTabs = (page: Page) =>
  page.getByRole('navigation', { name: 'Settings' }).getByRole('link');
