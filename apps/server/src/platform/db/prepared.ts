import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "./client.ts";

/** What drizzle's `.prepare(name)` answers: its SQL text and parameters built, values filled at each run. */
interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** The parts of a drizzle database or transaction a prepared statement is bound to (both drivers have them). */
interface Bound {
  session: {
    client: unknown;
    /** The options the database was opened with, shared by its transactions: one key per database. */
    options: object;
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): Runnable<unknown>;
  };
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
}

function boundOf(q: Queryable): Bound {
  return q as unknown as Bound;
}

/**
 * Runs a statement built once: the prepared query is rebound to this database's or transaction's
 * client (the connection a transaction holds), so the statement runs inside the caller's
 * transaction. drizzle binds a prepared query to the session it was made on; a copy whose client
 * is replaced runs the same text and parameters anywhere on the same database.
 */
function runOn<R>(statement: Runnable<R>, q: Queryable, values: Record<string, unknown>): Promise<R> {
  const bound = Object.create(statement) as Runnable<R> & { client: unknown };
  bound.client = boundOf(q).session.client;
  return bound.execute(values);
}

/**
 * A hot statement whose SQL is built once per process and database, from placeholders
 * (`sql.placeholder("name")`), instead of at every call: drizzle's building of a statement's text
 * costs more of the server's CPU than sending it. On the PostgreSQL server the statement is also
 * prepared by `name` on each connection (parsed and planned once, run by name after); the
 * embedded database runs its text. `name` must be unique in the process and name one text.
 */
export function preparedStatement<R>(
  name: string,
  build: (q: Queryable) => { prepare(name: string): Runnable<R> },
): (q: Queryable, values: Record<string, unknown>) => Promise<R> {
  const built = new WeakMap<object, Runnable<R>>();
  return (q, values) => {
    const key = boundOf(q).session.options;
    let statement = built.get(key);
    if (!statement) {
      statement = build(q).prepare(name);
      built.set(key, statement);
    }
    return runOn(statement, q, values);
  };
}

/**
 * preparedStatement for a statement written in SQL (`sql\`…\`` with `sql.placeholder`): it answers
 * the driver's result (`rows`), as `execute` does.
 */
export function preparedSql<Row>(
  name: string,
  text: SQL,
): (q: Queryable, values: Record<string, unknown>) => Promise<{ rows: Row[] }> {
  return preparedStatement(name, (q) => ({
    prepare: (statementName) => {
      const { session, dialect } = boundOf(q);
      return session.prepareQuery(dialect.sqlToQuery(text), undefined, statementName, false) as Runnable<{
        rows: Row[];
      }>;
    },
  }));
}

/**
 * Placeholders for an update's `set` or an insert's values, one per column key: drizzle wraps each
 * in its column's encoder (money as a decimal, a date as its text), as it does a value.
 * Typed to fit any column: the values given at each run are the columns' own.
 */
export function columnPlaceholders<K extends string>(...keys: K[]): Record<K, never> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Record<K, never>;
}

/**
 * A row for an insert's values or an update's `set` built from placeholders: each key's value as
 * a placeholder named `${prefix}${key}`, except a null one, written as SQL null (drizzle runs a
 * placeholder's value through its column's encoder without looking for null: a date's, money's
 * or JSON's would fail or store JSON null). `shape` names which keys are there and which are
 * null: rows of one shape build one text. `values` are the placeholders' values at this run.
 */
export function rowPlaceholders(
  row: object,
  prefix: string,
): { placeholders: Record<string, never>; values: Record<string, unknown>; shape: string } {
  const entries = Object.entries(row).filter(([, value]) => value !== undefined);
  return {
    placeholders: Object.fromEntries(
      entries.map(([key, value]) => [key, value === null ? sql`null` : sql.placeholder(`${prefix}${key}`)]),
    ) as Record<string, never>,
    values: Object.fromEntries(
      entries.filter(([, value]) => value !== null).map(([key, value]) => [`${prefix}${key}`, value]),
    ),
    shape: entries.map(([key, value]) => (value === null ? `${key}=null` : key)).join(","),
  };
}
