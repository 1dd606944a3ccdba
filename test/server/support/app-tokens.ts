import { readFileSync } from 'node:fs';

/** tokens.css's custom properties, each `var(--x)` in them replaced by its value. */
export function appTokens(): Map<string, string> {
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
