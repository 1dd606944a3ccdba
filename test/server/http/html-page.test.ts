import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { htmlPage, PAGE_TOKENS } from '../../../server/http/html-page';

/** tokens.css's custom properties, each `var(--x)` in them replaced by its value. */
function appTokens(): Map<string, string> {
  const css = readFileSync('src/styles/tokens.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const raw = new Map(
    [...css.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name = '', value = '']) => [
      name,
      value.replace(/\s+/g, ' ').trim(),
    ]),
  );
  const resolve = (value: string): string =>
    value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => resolve(raw.get(name) ?? name));
  return new Map([...raw].map(([name, value]) => [name, resolve(value)]));
}

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
