import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * A whole-page scan took 20–30 s on a loaded two-core machine before it ran in legacy mode (see
 * below), so a test that scans gets at least this long, however many scans it runs.
 */
const SCANNING_TEST_TIMEOUT_MS = 90_000;

/**
 * axe over the page, or over `within` only (an open dialog: the page behind is not ours to
 * judge there): nothing serious or critical, with no rule switched off.
 */
export async function expectNoSeriousViolations(page: Page, within?: string): Promise<void> {
  const info = test.info();
  info.setTimeout(Math.max(info.timeout, SCANNING_TEST_TIMEOUT_MS));
  // Legacy mode runs axe in the page and its frames without opening a blank page of its own to
  // gather their results (a renderer process per scan); the other results are left out of what
  // comes back. Same rules, same findings: a scan costs about a quarter of what it did.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}
