import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { assertClientBuilt, assertServerBuilt, createTemplate, templateDir } from './server';

/** Runs once per `playwright test`: seeds the template database every worker copies. */
export default async function globalSetup(): Promise<void> {
  assertClientBuilt();
  assertServerBuilt();
  // Rebuilt on every run so a changed migration or seed never meets a stale template, unless
  // this very run made it already (`npm test` seeds it while other stages run).
  const ready = process.env.BROWSER_TEMPLATE_READY;
  if (ready && resolve(ready) === templateDir && existsSync(templateDir)) return;
  await createTemplate();
}
