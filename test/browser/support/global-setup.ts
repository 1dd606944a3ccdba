import { assertClientBuilt, createTemplate } from './server';

/** Runs once per `playwright test`: seeds the template database every worker copies. */
export default async function globalSetup(): Promise<void> {
  assertClientBuilt();
  // Rebuilt on every run so a changed migration or seed never meets a stale template.
  await createTemplate();
}
