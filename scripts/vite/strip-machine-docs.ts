// A build-only Vite plugin: drops the developer documentation XState machines carry (each
// state's `description`, and the root's `meta: describeNamed(…)` lines for guards and actions)
// from the client bundle. `npm run machines` reads them from the sources; no screen shows them,
// and they were about a twentieth of the dashboard's first load (issue 23's budget).
// Only the object passed to `createMachine(…)` is touched, and never inside a function there
// (an inline action's toast has a `description` a user reads).
import MagicString from 'magic-string';
import { parseAst, type Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const FUNCTIONS = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration']);

function children(node: Node): Node[] {
  return Object.values(node).flatMap((value) =>
    Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  );
}

function keyName(property: Node): string | undefined {
  const key = property.key;
  if (!isNode(key)) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined;
}

const isText = (value: unknown) =>
  isNode(value) &&
  ((value.type === 'Literal' && typeof value.value === 'string') ||
    (value.type === 'TemplateLiteral' && (value.expressions as unknown[]).length === 0));

const isDescribeNamed = (value: unknown) =>
  isNode(value) &&
  value.type === 'CallExpression' &&
  isNode(value.callee) &&
  value.callee.name === 'describeNamed';

/** The documentation properties in a machine config, outside any function in it. */
function docProperties(config: Node, found: Node[] = []): Node[] {
  if (FUNCTIONS.has(config.type)) return found;
  if (config.type === 'Property') {
    const name = keyName(config);
    if (
      (name === 'description' && isText(config.value)) ||
      (name === 'meta' && isDescribeNamed(config.value))
    ) {
      found.push(config);
      return found;
    }
  }
  for (const child of children(config)) docProperties(child, found);
  return found;
}

function isCreateMachine(node: Node): boolean {
  if (node.type !== 'CallExpression' || !isNode(node.callee)) return false;
  const callee = node.callee;
  if (callee.type === 'Identifier') return callee.name === 'createMachine';
  return (
    callee.type === 'MemberExpression' &&
    isNode(callee.property) &&
    callee.property.name === 'createMachine'
  );
}

function machineConfigs(node: Node, found: Node[] = []): Node[] {
  const config = (node.arguments as unknown[] | undefined)?.[0];
  if (isCreateMachine(node) && isNode(config)) found.push(config);
  for (const child of children(node)) machineConfigs(child, found);
  return found;
}

/** Removes a property with the comma after it (every config property is followed by one). */
function removeProperty(code: string, out: MagicString, property: Node): void {
  const comma = /^\s*,/.exec(code.slice(property.end));
  out.remove(property.start, property.end + (comma ? comma[0].length : 0));
}

export function stripMachineDocs(): Plugin {
  return {
    name: 'mailpulse:strip-machine-docs',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]src[\\/]machines[\\/]/.test(id) || !code.includes('createMachine')) return null;
      const program = parseAst(code) as unknown as Node;
      const properties = machineConfigs(program).flatMap((config) => docProperties(config));
      if (properties.length === 0) return null;
      const out = new MagicString(code);
      for (const property of properties) removeProperty(code, out, property);
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}
