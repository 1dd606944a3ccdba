/**
 * The stand-in Superset's check of a guest token's `rls` list. Superset itself validates the
 * rules' shape (`{clause: string, dataset?: integer}`) and adds each clause to the WHERE of the
 * dashboard's datasets; the stand-in also refuses a token that would show every workspace: one
 * clause must have `workspace_id = N` as a top-level conjunct (no top-level OR around it), with
 * quotes and parentheses balanced, and N the expected workspace when one is given.
 */

/** The clause's top-level conjuncts, or null when it has a top-level OR or is unbalanced. */
export function conjuncts(clause: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < clause.length; i += 1) {
    const char = clause[i];
    if (char === "'") quoted = !quoted;
    if (quoted) continue;
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth < 0) return null;
    if (depth > 0) continue;
    const rest = clause.slice(i);
    if (/^\s(or)\s/i.test(rest)) return null;
    const and = /^\s(and)\s/i.exec(rest);
    if (and) {
      parts.push(clause.slice(start, i).trim());
      start = i + and[0].length;
    }
  }
  if (quoted || depth !== 0) return null;
  parts.push(clause.slice(start).trim());
  return parts;
}

/** Why the list is refused, or null when it is acceptable. */
export function rlsProblem(rls: unknown, workspaceId: number | undefined): string | null {
  if (!Array.isArray(rls)) return 'rls must be a list';
  const rules = rls as unknown[];
  for (const rule of rules) {
    const { clause, dataset } = (rule ?? {}) as Record<string, unknown>;
    if (typeof clause !== 'string' || clause.trim() === '') return 'an rls rule has no clause';
    if (dataset !== undefined && !Number.isInteger(dataset)) return 'rls dataset: not an integer';
  }
  const named = rules.flatMap((rule) => {
    const parts = conjuncts((rule as { clause: string }).clause) ?? [];
    return parts.flatMap((part) => /^workspace_id\s*=\s*(\d+)$/.exec(part)?.[1] ?? []);
  });
  if (named.length === 0) return 'no rls clause limits the token to a workspace';
  if (workspaceId !== undefined && !named.includes(String(workspaceId))) {
    return `no rls clause limits the token to workspace ${workspaceId}`;
  }
  return null;
}
