import { describe, expect, it } from 'vitest';
import { compileSql, joinSql, sql, EMPTY } from '../../../server/db/sql';

describe('the sql tag', () => {
  it('binds every value as a numbered parameter and keeps it out of the text', () => {
    const name = "O'Brien; drop table teams";
    expect(
      compileSql(sql`select 1 from teams where workspace_id = ${7} and name = ${name}`),
    ).toEqual({
      text: 'select 1 from teams where workspace_id = $1 and name = $2',
      values: [7, name],
    });
  });

  it('splices fragments in with their own values, numbering across them', () => {
    const scope = sql`workspace_id = ${7}`;
    const ids = sql`team_id = any(${[1, 2]}::int[])`;
    expect(compileSql(sql`select * from teams where ${scope} and ${ids} limit ${10}`)).toEqual({
      text: 'select * from teams where workspace_id = $1 and team_id = any($2::int[]) limit $3',
      values: [7, [1, 2], 10],
    });
  });

  it('joins fragments with a separator, and an empty list to nothing', () => {
    const columns = joinSql([sql`a = ${1}`, sql`b = ${2}`, sql`c`], sql` and `);
    expect(compileSql(sql`where ${columns}`)).toEqual({
      text: 'where a = $1 and b = $2 and c',
      values: [1, 2],
    });
    expect(compileSql(sql`select 1${joinSql([])}`)).toEqual({ text: 'select 1', values: [] });
    expect(compileSql(sql`select 1${EMPTY} as x`)).toEqual({ text: 'select 1 as x', values: [] });
  });

  it('gives a value used twice two placeholders', () => {
    const id = 3;
    expect(compileSql(sql`${id}::int is null or team_id = ${id}`).text).toBe(
      '$1::int is null or team_id = $2',
    );
  });
});
