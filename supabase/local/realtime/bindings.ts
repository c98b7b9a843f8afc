import type { Database } from '../db/engine';
import { parseFilter, splitTopLevel, type Filter } from '../rest/request';
import { filterSql, ident, Params } from '../rest/query';
import { filterTarget, type PostgresChanges } from './changes';
import { asRecord, type PostgresBinding } from './protocol';

/**
 * The `postgres_changes` part of a join: parse each binding and check, before the join is
 * answered, that its filter can work. A filter that cannot (syntax, an operator Realtime does not
 * document, an unknown or unreadable column, a value the column's type rejects) refuses the whole
 * join, so no broken binding ever reaches delivery, where it would fail the re-read for every
 * channel of the same identity.
 */

/** The operators hosted Realtime documents for `postgres_changes` filters. */
export const FILTER_OPERATORS: ReadonlySet<string> = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

/** Values an `in` filter may list, as hosted Realtime checks when it stores a subscription. */
export const MAX_IN_VALUES = 100;

/** A binding problem that refuses the join; the message becomes the error reply's `reason`. */
export class JoinRefused extends Error {}

let nextBindingId = 1000;

/** Filters tried per statement at join time (measured on PGlite: 2,000 in one took 4.6 s). */
const FILTERS_PER_STATEMENT = 50;

function parseFilters(filter: string): Filter[] {
  const refuse = (why: string): JoinRefused =>
    new JoinRefused(`Error parsing \`filter\` params: ${why} in "${filter}"`);
  return splitTopLevel(filter).map((part) => {
    const eq = part.indexOf('=');
    if (eq <= 0) throw refuse('expected column=operator.value');
    const column = part.slice(0, eq).trim();
    const expr = part.slice(eq + 1).trim();
    const op = /^([a-z]+)\./.exec(expr)?.[1];
    if (!op || !FILTER_OPERATORS.has(op)) {
      throw refuse(
        `unsupported operator "${op ?? expr}" (Realtime accepts ${[...FILTER_OPERATORS].join(', ')})`,
      );
    }
    let parsed: Filter;
    try {
      parsed = parseFilter(column, expr);
    } catch {
      throw refuse(`cannot read "${part}"`);
    }
    if (parsed.column.path.length > 0) throw refuse(`"${column}" is not a plain column name`);
    // Realtime's realtime.subscription_check_filters: "too many values for `in` filter. Maximum 100".
    if ((parsed.list?.length ?? 0) > MAX_IN_VALUES) {
      throw new JoinRefused(`too many values for \`in\` filter. Maximum ${MAX_IN_VALUES}`);
    }
    return parsed;
  });
}

/** Reads the join's `config.postgres_changes`; throws JoinRefused for a filter that cannot parse. */
export function parseBindings(requested: unknown): PostgresBinding[] {
  if (requested === undefined || requested === null) return [];
  if (!Array.isArray(requested)) throw new JoinRefused('config.postgres_changes must be a list of bindings');
  return requested.map((item) => {
    const raw = asRecord(item);
    const event = typeof raw['event'] === 'string' ? raw['event'] : '*';
    const schema = typeof raw['schema'] === 'string' ? raw['schema'] : 'public';
    const table = typeof raw['table'] === 'string' ? raw['table'] : '*';
    const filter = typeof raw['filter'] === 'string' && raw['filter'].trim() ? raw['filter'] : undefined;
    if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event.toUpperCase())) {
      throw new JoinRefused(`Error parsing \`event\` params: "${event}" is not *, INSERT, UPDATE or DELETE`);
    }
    if (filter && table === '*') {
      throw new JoinRefused(`Error parsing \`filter\` params: a filter needs a table ("${filter}")`);
    }
    const filters = filter ? parseFilters(filter) : [];
    return { id: nextBindingId++, event: event.toUpperCase(), schema, table, filter, filters, raw };
  });
}

/**
 * Checks each filtered binding against its table as `role` sees it. Throws JoinRefused for a filter
 * that cannot work; returns the unfiltered bindings whose table does not exist (not an error for
 * the join: they get a `system` error once the channel is up, and simply never fire). The filters
 * of one table are tried in one statement (a join may carry thousands), and one by one only to name
 * the binding that fails.
 */
export async function checkBindings(
  db: Database,
  changes: PostgresChanges,
  bindings: PostgresBinding[],
  role: string,
): Promise<PostgresBinding[]> {
  const missing: PostgresBinding[] = [];
  const byTable = new Map<string, PostgresBinding[]>();
  for (const b of bindings) {
    if (b.table === '*') continue;
    const key = JSON.stringify([b.schema, b.table]);
    byTable.set(key, [...(byTable.get(key) ?? []), b]);
  }
  for (const group of byTable.values()) {
    const first = group[0] as PostgresBinding;
    const meta = await changes.meta(first.schema, first.table);
    const filtered = group.filter((b) => b.filters.length > 0);
    if (!meta) {
      const b = filtered[0];
      if (b) {
        throw new JoinRefused(
          `invalid column for filter ${b.filters[0]?.column.name ?? ''}: no table ${b.schema}.${b.table}`,
        );
      }
      missing.push(...group);
      continue;
    }
    if (!filtered.length) continue;
    const readable = await changes.permittedColumns(meta, role);
    for (const b of filtered) {
      for (const f of b.filters) {
        if (!meta.columns.some((c) => c.name === f.column.name) || !readable.has(f.column.name)) {
          throw new JoinRefused(`invalid column for filter ${f.column.name}`);
        }
      }
    }
    // Evaluate the filters once against an empty row: the casts that delivery will run fail here.
    const target = filterTarget(meta);
    const tryFilters = async (list: PostgresBinding[]): Promise<void> => {
      const params = new Params();
      const columns = list.map((b) =>
        b.filters.map((f) => filterSql(target, f, params, 'pgrst_t')).join(' and '),
      );
      await db.query(
        `select ${columns.map((c) => `(${c})`).join(', ')} from jsonb_populate_record(null::${ident(meta.schema)}.${ident(meta.table)}, '{}'::jsonb) pgrst_t`,
        params.values,
      );
    };
    // Chunks, with a turn of the event loop between them: on PGlite (one connection) a single
    // statement over thousands of filters runs for seconds and everyone else would wait for it.
    const distinct = [...new Map(filtered.map((b) => [b.filter ?? '', b])).values()];
    for (let i = 0; i < distinct.length; i += FILTERS_PER_STATEMENT) {
      const chunk = distinct.slice(i, i + FILTERS_PER_STATEMENT);
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      try {
        await tryFilters(chunk);
      } catch {
        for (const b of chunk) {
          try {
            await tryFilters([b]);
          } catch (error) {
            throw new JoinRefused(`invalid value for filter ${b.filter ?? ''}: ${(error as Error).message}`);
          }
        }
      }
    }
  }
  return missing;
}
