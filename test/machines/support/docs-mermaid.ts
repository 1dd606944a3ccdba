import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { declaredTransitions, eventLabel, guardLabel } from './graph';

/**
 * A machine's Mermaid `stateDiagram-v2` (GitHub draws it): compound states as blocks with
 * their initial state, parallel regions split by `--`, each transition drawn in the block of
 * the innermost state holding both its ends. Transitions on the machine itself are left to the
 * tables (they apply in every state).
 */

const idOf = (node: AnyStateNode) => node.path.join('_').replace(/[^A-Za-z0-9_]/g, '_');

/** The innermost state that holds both nodes (the root when none does). */
function commonParent(a: AnyStateNode, b: AnyStateNode): AnyStateNode {
  let parent = a.parent;
  while (parent && !b.path.join('.').startsWith(`${parent.path.join('.')}.`)) {
    parent = parent.parent;
  }
  return parent ?? a.machine.root;
}

function edgesByBlock(machine: AnyStateMachine): Map<AnyStateNode, string[]> {
  const blocks = new Map<AnyStateNode, string[]>();
  for (const { transition } of declaredTransitions(machine)) {
    const source = transition.source;
    if (source === machine.root) continue;
    const guard = transition.guard ? ` [${guardLabel(transition.guard)}]` : '';
    const label = `${eventLabel(transition.eventType)}${guard}`;
    const targets = (transition.target ?? [source]) as AnyStateNode[];
    for (const target of targets) {
      const block = commonParent(source, target);
      const lines = blocks.get(block) ?? [];
      lines.push(`${idOf(source)} --> ${idOf(target)}: ${label}`);
      blocks.set(block, lines);
    }
  }
  return blocks;
}

function block(node: AnyStateNode, edges: Map<AnyStateNode, string[]>, depth: number): string[] {
  const pad = '  '.repeat(depth);
  const children = Object.values(node.states) as AnyStateNode[];
  const lines: string[] = [];
  const initial = node.type === 'compound' ? node.initial?.target[0] : undefined;
  if (initial) lines.push(`${pad}[*] --> ${idOf(initial)}`);
  children.forEach((child, index) => {
    if (node.type === 'parallel' && index > 0) lines.push(`${pad}--`);
    const label = child.key === idOf(child) ? [] : [`${pad}${idOf(child)}: ${child.key}`];
    if (child.type === 'compound' || child.type === 'parallel') {
      lines.push(`${pad}state ${idOf(child)} {`, ...block(child, edges, depth + 1), `${pad}}`);
    } else {
      lines.push(`${pad}${idOf(child)}`);
    }
    lines.push(...label);
    if (child.type === 'final') lines.push(`${pad}${idOf(child)} --> [*]`);
  });
  lines.push(...(edges.get(node) ?? []).map((edge) => `${pad}${edge}`));
  return lines;
}

/** The diagram as a fenced `mermaid` block. */
export function mermaidDiagram(machine: AnyStateMachine): string {
  const lines = block(machine.root, edgesByBlock(machine), 1);
  return ['```mermaid', 'stateDiagram-v2', ...lines, '```'].join('\n');
}
