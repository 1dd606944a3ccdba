import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { namedDescription } from './docs-descriptions';
import { mermaidDiagram } from './docs-mermaid';
import type { Check, PathsRecord } from './docs-records';
import {
  actionNames,
  declaredTransitions,
  eventLabel,
  guardLabel,
  stateNodes,
  statePath,
} from './graph';

/** One machine as the report sees it: where it is defined, and what its tests leave. */
export interface MachineEntry {
  machine: AnyStateMachine;
  /** The module, relative to the repository root. */
  source: string;
  /** How the report built it: `createLoginMachine(client)`, `tableMachine`, … */
  builtBy: string;
  paths: PathsRecord[];
  checks: Check[];
}

export interface Coverage {
  transitions: { taken: number; total: number; untaken: string[] };
  guards: { checked: number; total: number };
  actions: { checked: number; total: number };
  paths: number;
}

/** `loginMachine` → `login-machine`: the report's file name. */
export const docName = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const table = (head: string[], rows: string[][]) => [
  `| ${head.join(' | ')} |`,
  `| ${head.map(() => '---').join(' | ')} |`,
  ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
];
const code = (text: string) => `\`${text}\``;

export function coverageOf(entry: MachineEntry): Coverage {
  const declared = declaredTransitions(entry.machine);
  const taken = new Set(entry.paths.flatMap((record) => record.taken));
  const untaken = declared.filter(({ key }) => !taken.has(key)).map(({ key }) => key);
  const { guards, actions } = entry.machine.implementations;
  const checked = new Set(entry.checks.map((check) => check.name));
  const count = (names: string[]) => names.filter((name) => checked.has(name)).length;
  return {
    transitions: { taken: declared.length - untaken.length, total: declared.length, untaken },
    guards: { checked: count(Object.keys(guards)), total: Object.keys(guards).length },
    actions: { checked: count(Object.keys(actions)), total: Object.keys(actions).length },
    paths: entry.paths.reduce((sum, record) => sum + record.paths.length, 0),
  };
}

const transitionText = (transition: AnyTransitionDefinition) => {
  const targets = ((transition.target ?? []) as AnyStateNode[]).map(statePath).join(', ');
  const guard = transition.guard ? ` [${guardLabel(transition.guard)}]` : '';
  return `${statePath(transition.source)} → ${targets || '(stays)'}${guard}`;
};

function statesTable(machine: AnyStateMachine): string[] {
  const rows = stateNodes(machine).map((node) => [
    code(statePath(node)),
    node.description ?? '',
    node.tags.join(', '),
  ]);
  return table(['State', 'Description', 'Tags'], rows);
}

function eventsTable(machine: AnyStateMachine): string[] {
  const byEvent = new Map<string, AnyTransitionDefinition[]>();
  for (const { transition } of declaredTransitions(machine)) {
    const label = eventLabel(transition.eventType);
    byEvent.set(label, [...(byEvent.get(label) ?? []), transition]);
  }
  const rows = [...byEvent].map(([label, transitions]) => [
    code(label),
    transitions.map(transitionText).join('<br>'),
    [...new Set(transitions.map((transition) => transition.description ?? ''))]
      .filter(Boolean)
      .join(' '),
  ]);
  return table(['Event', 'Transitions', 'Description'], rows);
}

/** Where each named guard or action is used: transitions, and states' entry and exit. */
function usesOf(machine: AnyStateMachine): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  const add = (name: string, where: string) =>
    uses.set(name, [...new Set([...(uses.get(name) ?? []), where])]);
  for (const { transition } of declaredTransitions(machine)) {
    const where = `${eventLabel(transition.eventType)} in ${statePath(transition.source)}`;
    if (transition.guard) add(guardLabel(transition.guard), where);
    for (const name of actionNames(transition.actions)) add(name, where);
  }
  for (const node of [machine.root, ...stateNodes(machine)]) {
    for (const name of actionNames(node.entry)) add(name, `entry of ${statePath(node)}`);
    for (const name of actionNames(node.exit)) add(name, `exit of ${statePath(node)}`);
  }
  return uses;
}

function namedTable(kind: 'Guard' | 'Action', names: string[], entry: MachineEntry): string[] {
  if (!names.length) return [`No named ${kind.toLowerCase()}s.`];
  const uses = usesOf(entry.machine);
  const rows = names.map((name) => {
    // Guards compose (`not(isReady)`): a guard is used where any label names it.
    const where = [...uses]
      .filter(
        ([label]) => label === name || label.includes(`(${name}`) || label.includes(` ${name}`),
      )
      .flatMap(([, places]) => places);
    const checks = entry.checks.filter((check) => check.name === name).map((check) => check.title);
    return [
      code(name),
      namedDescription(entry.machine, kind === 'Guard' ? 'guards' : 'actions', name),
      where.join('; ') || '(not used)',
      checks.join('; ') || '—',
    ];
  });
  return table([kind, 'Description', 'Used on', 'Checked by a transition test'], rows);
}

function pathsSection(entry: MachineEntry): string[] {
  if (!entry.paths.length) return ['No path tests yet.'];
  return entry.paths.flatMap((record) => [
    `### ${record.title}`,
    '',
    `From \`test/machines/${record.file}\`:`,
    '',
    ...record.paths.map((path) => `- ${path}`),
    '',
  ]);
}

function coverageSection(coverage: Coverage): string[] {
  const { transitions, guards, actions } = coverage;
  return [
    `- Transitions taken by path tests: ${transitions.taken} of ${transitions.total}`,
    ...transitions.untaken.map((key) => `  - not taken: ${key}`),
    `- Guards checked by transition tests: ${guards.checked} of ${guards.total}`,
    `- Actions checked by transition tests: ${actions.checked} of ${actions.total}`,
  ];
}

const GENERATED = 'Generated by `npm run machines` from the machine and its tests; do not edit.';

/** `docs/machines/<machine>.md` */
export function machineDoc(entry: MachineEntry): string {
  const { machine } = entry;
  const { guards, actions } = machine.implementations;
  return [
    `# ${machine.id}`,
    '',
    ...(machine.root.description ? [machine.root.description, ''] : []),
    `Defined in [\`${entry.source}\`](../../${entry.source}) (\`${entry.builtBy}\`). ${GENERATED}`,
    '',
    mermaidDiagram(machine),
    '',
    '## States',
    '',
    ...statesTable(machine),
    '',
    '## Events',
    '',
    ...eventsTable(machine),
    '',
    '## Guards',
    '',
    ...namedTable('Guard', Object.keys(guards), entry),
    '',
    '## Actions',
    '',
    ...namedTable('Action', Object.keys(actions), entry),
    '',
    '## Paths',
    '',
    ...pathsSection(entry),
    '## Coverage',
    '',
    ...coverageSection(coverageOf(entry)),
    '',
  ].join('\n');
}

/** `docs/machines/README.md`: every machine with its coverage. */
export function machinesIndex(entries: MachineEntry[]): string {
  const rows = entries.map((entry) => {
    const { transitions, guards, actions, paths } = coverageOf(entry);
    const id = entry.machine.id;
    return [
      `[${id}](${docName(id)}.md)`,
      code(entry.source),
      String(paths),
      `${transitions.taken}/${transitions.total}`,
      `${guards.checked}/${guards.total}`,
      `${actions.checked}/${actions.total}`,
    ];
  });
  const head = ['Machine', 'Source', 'Paths', 'Transitions taken', 'Guards checked'];
  return [
    '# Machines',
    '',
    'Every XState machine under `src/machines`, each with its diagram, its states, events, guards',
    'and actions, the paths its path tests generate, and what its tests cover: the transitions the',
    'path tests take and the guards and actions that hand-written transition tests check. How to',
    `test a machine: [docs/testing.md](../testing.md). ${GENERATED}`,
    '',
    ...table([...head, 'Actions checked'], rows),
    '',
  ].join('\n');
}
