/**
 * Makes the browser tests' seeded template ahead of `playwright test`, so `npm test` can seed it
 * while other stages run: `node --import tsx test/browser/support/make-template.ts [DIR]`.
 * Playwright's global set-up then uses it when BROWSER_TEMPLATE_READY names the same folder.
 */
import { resolve } from 'node:path';
import { createTemplate, templateDir } from './server';

const dir = resolve(process.argv[2] ?? templateDir);
if (dir !== templateDir) throw new Error(`The browser tests copy ${templateDir}, not ${dir}`);
await createTemplate(dir);
console.log(`seeded the browser tests' template database in ${dir}`);
