// SQL statements as values: the `sql` tag keeps the text and the values apart, so a value is
// always a bound parameter and never part of the text, and fragments compose without anyone
// counting `$n` by hand. A value may itself be a fragment; its text and values are spliced in.
//
//   const scope = sql`workspace_id = ${workspaceId}`;
//   await tx.query<Row>(sql`select name from teams where ${scope} and team_id = any(${ids}::int[])`);
//
// Each occurrence of a value gets its own placeholder: PostgreSQL infers a parameter's type from
// its context, and one `$n` used in two contexts can be refused.

const SQL = Symbol('sql');

/** A statement or a fragment of one: literal text parts with the values between them. */
export interface Sql {
  readonly [SQL]: true;
  /** One more than `values`: text before the first value, between values, after the last. */
  readonly strings: readonly string[];
  readonly values: readonly unknown[];
  /** Set by prepared(): the name PostgreSQL keeps the parsed and planned statement under. */
  readonly name?: string;
}

export function isSql(value: unknown): value is Sql {
  return typeof value === 'object' && value !== null && SQL in value;
}

function make(strings: readonly string[], values: readonly unknown[]): Sql {
  return { [SQL]: true, strings, values };
}

/** The tag: `sql\`… ${value} …\``. A fragment among the values is spliced in whole. */
export function sql(strings: TemplateStringsArray, ...values: readonly unknown[]): Sql {
  const outStrings: string[] = [strings[0] ?? ''];
  const outValues: unknown[] = [];
  values.forEach((value, index) => {
    const after = strings[index + 1] ?? '';
    if (isSql(value)) {
      // Glue the fragment's first text part to what precedes it and its last to what follows.
      const [first = '', ...rest] = value.strings;
      outStrings[outStrings.length - 1] += first;
      outValues.push(...value.values);
      outStrings.push(...rest);
      outStrings[outStrings.length - 1] += after;
    } else {
      outValues.push(value);
      outStrings.push(after);
    }
  });
  return make(outStrings, outValues);
}

/** The fragments one after another with `separator` between them (`, ` by default). */
export function joinSql(parts: readonly Sql[], separator: Sql = sql`, `): Sql {
  return (
    parts.reduce<Sql | null>(
      (joined, part) => (joined === null ? part : sql`${joined}${separator}${part}`),
      null,
    ) ?? EMPTY
  );
}

/**
 * A table or column name as a quoted identifier, for a name read from the catalog (identifiers
 * cannot be bound values). Quoted as PostgreSQL's quote_ident does: a `"` inside is doubled.
 */
export function identifier(name: string): Sql {
  return make([`"${name.replaceAll('"', '""')}"`], []);
}

/** The empty fragment, for an optional condition or clause. */
export const EMPTY: Sql = make([''], []);

/** ` for update`, appended to a select that locks its rows only when the caller asks. */
export const FOR_UPDATE: Sql = make([' for update'], []);

/**
 * The statement as a named prepared statement: on PostgreSQL each connection parses and plans it
 * once, then only binds values. For the reads every request makes (the session, the statistics
 * stamp), where parsing and planning cost the server more than running. The name must be unique
 * to this text (PostgreSQL refuses a name reused for other text on one connection), and the text
 * must not grow with the values (a list is one array value, not a placeholder per item).
 * PGlite ignores it. A named statement spliced into another as a fragment loses its name.
 */
export function prepared(name: string, statement: Sql): Sql {
  return { ...statement, name };
}

/** Text with `$1…$n` placeholders and the values in their order, as the drivers take them. */
export function compileSql(statement: Sql): { text: string; values: unknown[]; name?: string } {
  let text = statement.strings[0] ?? '';
  statement.values.forEach((_, index) => {
    text += `$${index + 1}${statement.strings[index + 1] ?? ''}`;
  });
  const values = [...statement.values];
  return statement.name === undefined ? { text, values } : { text, values, name: statement.name };
}
