import { describe, expect, it } from 'vitest';
import { htmlPage, PAGE_TOKENS } from '../../../server/http/html-page';
import { appTokens } from '../support/app-tokens';

describe("the server's own error page", () => {
  it("uses the app's tokens, under their names, and its logo", () => {
    const tokens = appTokens();
    for (const [name, value] of Object.entries(PAGE_TOKENS)) {
      expect(tokens.get(name), name).toBe(value);
    }
    const html = htmlPage('Not available', 'This sign-in link was already used.');
    expect(html).toContain('--color-brand:#2563eb');
    expect(html).toContain('<span class="logo"><svg');
    expect(html).toContain('Mailpulse</span>');
    expect(html).toContain('<title>Not available · Mailpulse</title>');
    // Not the old page's own blue.
    expect(html).not.toContain('#3b5bdb');
  });
});
