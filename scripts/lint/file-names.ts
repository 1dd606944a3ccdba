// One file-name style (README, "Where things are"): kebab-case; a React component's file, its test
// and its stylesheet named after it in PascalCase; migrations numbered; TanStack Router's own
// prefixes under src/routes. Lists each name that breaks it and fails. Run by `npm run lint`.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROOTS = ['common', 'docs', 'openapi', 'scripts', 'server', 'src', 'test'];

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;
const COMPONENT = /^[A-Z][A-Za-z0-9]*(\.test)?\.(tsx|css)$/;
const MIGRATION = /^\d{4}(_[a-z0-9]+)+\.sql$/;
/** The root route, pathless layouts (`_shell`) and names the router ignores (`-components`). */
const ROUTE = /^(__root|_[a-z0-9-]+|-[a-z0-9-]+)(\.[a-z]+)*$/;
/** Names a tool chooses: the generated route tree, the machine tests' reports. */
const TOOL_NAMES = new Set(['README.md', 'routeTree.gen.ts', '__checks__', '__paths__']);

function isWellNamed(relative: string, name: string, isFolder: boolean): boolean {
  if (KEBAB.test(name) || TOOL_NAMES.has(name)) return true;
  if (!isFolder && COMPONENT.test(name)) return true;
  if (relative.startsWith('server/db/migrations/')) return MIGRATION.test(name);
  return relative.startsWith('src/routes/') && ROUTE.test(name);
}

function misnamed(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (!isWellNamed(relative, entry.name, entry.isDirectory())) found.push(relative);
    if (entry.isDirectory()) found.push(...misnamed(relative));
  }
  return found;
}

const wrong = ROOTS.flatMap(misnamed);
for (const name of wrong) console.error(`file name not in the house style: ${name}`);
if (wrong.length > 0) {
  console.error('Names are kebab-case; see "Where things are" in the README.');
  process.exitCode = 1;
}
