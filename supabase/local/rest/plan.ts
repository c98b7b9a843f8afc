/**
 * The read plan: the parsed select turned into a tree of relations, each embed resolved to one
 * relationship of the schema cache (PostgREST's findRel rules, PGRST200/PGRST201 otherwise), with the
 * filters, order, limit and offset addressed to each node, and the aggregate check.
 */
import type { Database } from '../db/engine';
import type { ApiRequest } from './api-request';
import { pgError, pgrstError } from './errors';
import { findRelationship, type Relationship } from './relationships';
import type { Condition, EmbedItem, OrderTerm, ScopedParams, SelectItem } from './request';
import type { FunctionInfo, RelationInfo, SchemaCache } from './schema-cache';

export interface ReadNode {
  relation: RelationInfo;
  /** SQL alias of this node's table, unique in the statement. */
  alias: string;
  /** How errors name this node's table: its name at the root, `name_1` in an embed, as PostgREST aliases it. */
  label: string;
  /** Plain columns, stars and aggregates (embeds are in `embeds`). */
  items: SelectItem[];
  embeds: EmbedNode[];
  conditions: Condition[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
}

export interface EmbedNode {
  /** The key it has in the parent's JSON (its alias, else the name written in select). */
  outputName: string;
  relationship: Relationship;
  toOne: boolean;
  inner: boolean;
  spread: boolean;
  /** SQL alias of the lateral subquery that yields it. */
  lateral: string;
  node: ReadNode;
  /** Filters on the parent that test the embed itself (`clients=is.null`). */
  nullTests: Array<{ negate: boolean }>;
}

export interface PlanOptions {
  cache: SchemaCache;
  scopes: Map<string, ScopedParams>;
}

/**
 * A node's filters and related orders: a filter naming an embed (`clients=is.null`) tests the embed,
 * the rest are the node's own; `order=rel(col)` must name a to-one embed (PGRST108 / PGRST118).
 */
function applyScope(node: ReadNode, conditions: Condition[]): void {
  for (const condition of conditions) {
    const embed =
      condition.type === 'filter' && condition.column.path.length === 0
        ? node.embeds.find((e) => e.outputName === condition.column.name)
        : undefined;
    if (embed && condition.type === 'filter' && condition.op === 'is' && /^null$/i.test(condition.value)) {
      embed.nullTests.push({ negate: condition.negate });
    } else node.conditions.push(condition);
  }
  for (const term of node.order) {
    if (term.relation === undefined) continue;
    const embed = node.embeds.find((e) => e.outputName === term.relation);
    if (!embed) throw pgrstError.PGRST108(term.relation);
    if (!embed.toOne) throw pgrstError.PGRST118(node.relation.name, term.relation);
  }
}

/** Builds the read tree for `items` over `relation`; `path` names the node for per-embed parameters. */
export function planRead(
  options: PlanOptions,
  relation: RelationInfo,
  items: SelectItem[],
  path: string[] = [],
  counter = { next: 0, byName: new Map<string, number>() },
): ReadNode {
  const alias = path.length === 0 ? 'pgrst_t' : `pgrst_${++counter.next}`;
  // `messages(count)`: PostgREST's long-standing embedded row count, allowed whatever the aggregate setting.
  const legacyCount = (i: SelectItem): boolean =>
    path.length > 0 &&
    i.kind === 'column' &&
    i.column?.name === 'count' &&
    i.column.path.length === 0 &&
    !relation.columns.has('count');
  if (items.some((i) => i.kind === 'aggregate') && !options.cache.aggregatesEnabled) {
    throw pgrstError.PGRST123();
  }
  items = items.map((i) =>
    legacyCount(i) ? { kind: 'aggregate', aggregate: 'count', ...(i.alias ? { alias: i.alias } : {}) } : i,
  );
  const scope = options.scopes.get(path.join('.'));
  const seen = (counter.byName.get(relation.name) ?? 0) + (path.length ? 1 : 0);
  counter.byName.set(relation.name, seen);
  const node: ReadNode = {
    relation,
    alias,
    label: path.length ? `${relation.name}_${seen}` : relation.name,
    items: items.filter((i) => i.kind !== 'embed'),
    embeds: [],
    conditions: [],
    order: scope?.order ?? [],
    limit: scope?.limit,
    offset: scope?.offset,
  };
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    const embed = item.embed as EmbedItem;
    const relationship = findRelationship(
      options.cache.relationshipsFrom(`${relation.schema}.${relation.name}`),
      relation,
      embed,
    );
    const target = options.cache.relationByKey(relationship.target);
    if (!target) throw pgrstError.PGRST200(relation, embed.name, embed.hint);
    const outputName = embed.alias ?? embed.name;
    const toOne = relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one';
    const child = planRead(options, target, embed.select, [...path, outputName], counter);
    node.embeds.push({
      outputName,
      relationship,
      toOne,
      inner: embed.join === 'inner',
      spread: embed.spread,
      lateral: `${child.alias}_l`,
      node: child,
      nullTests: [],
    });
  }
  applyScope(node, scope?.conditions ?? []);
  return node;
}

/** Every embed path the request addressed must exist in the tree (PGRST108 otherwise). */
function checkScopes(root: ReadNode, scopes: Map<string, ScopedParams>): void {
  const paths = new Set<string>(['']);
  const walk = (node: ReadNode, prefix: string[]): void => {
    for (const e of node.embeds) {
      const p = [...prefix, e.outputName];
      paths.add(p.join('.'));
      walk(e.node, p);
    }
  };
  walk(root, []);
  for (const key of scopes.keys()) {
    if (paths.has(key)) continue;
    throw pgrstError.PGRST108(key.split('.').pop() as string);
  }
}

/**
 * Embedded resources one request may have on PGlite. Postgres plans each embed as a lateral
 * subquery and planning time grows steeply with their number (measured on PGlite: 20 embeds
 * 0.35 s, 40 embeds 2.8 s, 300 exhausted its memory and killed the database). Hosted Supabase has
 * no such cap: there statement_timeout (anon 3 s) cancels the request and other connections carry
 * on. PGlite is one connection that cannot cancel a running statement, so the request is refused
 * before it runs, with the error hosted would give when the timeout fires.
 */
export const PGLITE_MAX_EMBEDS = 25;

function embedCount(node: ReadNode): number {
  return node.embeds.reduce((n, e) => n + 1 + embedCount(e.node), 0);
}

/** The read tree of a request's select over `rel`, with per-embed parameters checked. */
export function planSelect(
  ctx: { cache: SchemaCache; db: Pick<Database, 'kind'> },
  api: Pick<ApiRequest, 'select' | 'scopes'>,
  rel: RelationInfo,
): ReadNode {
  const root = planRead({ cache: ctx.cache, scopes: api.scopes }, rel, api.select);
  checkScopes(root, api.scopes);
  const embeds = embedCount(root);
  if (ctx.db.kind === 'pglite' && embeds > PGLITE_MAX_EMBEDS) {
    throw pgError.statementTimeout(
      `The select embeds ${embeds} resources; the local server on PGlite refuses more than ${PGLITE_MAX_EMBEDS} up front because it cannot cancel a running statement (hosted cancels it at the role's statement_timeout).`,
      'Embed fewer resources per request, or split the request.',
    );
  }
  return root;
}

/** The table or view a request names (PGRST205 when the cache, reloaded once, does not have it). */
export async function planRelation(cache: SchemaCache, schema: string, name: string): Promise<RelationInfo> {
  const rel = await cache.relation(schema, name);
  if (!rel) throw pgrstError.PGRST205(schema, name);
  return rel;
}

/** The relation with every written column known, after one schema reload if needed; PostgREST's PGRST204 otherwise. */
export async function planWrittenColumns(
  cache: SchemaCache,
  rel: RelationInfo,
  keys: string[],
): Promise<RelationInfo> {
  const fresh = (await cache.relationWithColumns(rel.schema, rel.name, keys)) ?? rel;
  for (const key of keys) if (!fresh.columns.has(key)) throw pgrstError.PGRST204(key, rel.name);
  return fresh;
}

/** The function a call runs, the arguments it gets and how its rows are read. */
export interface CallPlan {
  fn: FunctionInfo;
  /** Named arguments by name (GET query values, or the POST body's keys). */
  args: Record<string, unknown>;
  /** A single unnamed json/jsonb parameter receives the whole body. */
  singleObject: boolean;
  /** The relation the rows are read as, when the result has a known shape (embeds, filters by column). */
  resultRelation: RelationInfo | undefined;
  /** The request's scopes with the GET keys that are not arguments added as filters on the result. */
  scopes: Map<string, ScopedParams>;
}

function pickFunction(candidates: FunctionInfo[], argNames: string[]): FunctionInfo | undefined {
  const named = candidates.filter((fn) => {
    const names = fn.args.map((a) => a.name);
    return (
      argNames.every((n) => names.includes(n)) &&
      fn.args.every((a) => a.hasDefault || argNames.includes(a.name))
    );
  });
  if (named.length) return named.sort((a, b) => a.args.length - b.args.length)[0];
  // A single unnamed json/jsonb parameter receives the whole body (PostgREST's single-object call).
  return candidates.find(
    (fn) => fn.args.length === 1 && fn.args[0]?.name === '' && /^jsonb?$/.test(fn.args[0]?.type ?? ''),
  );
}

/**
 * The relation a function's rows are read as: the table or view whose row type it returns, or one
 * made of its OUT / `returns table` columns (which has no relationships).
 */
function functionResultRelation(cache: SchemaCache, fn: FunctionInfo): RelationInfo | undefined {
  if (!fn.returnsComposite) return undefined;
  const table = fn.returnRelation ? cache.relationByKey(fn.returnRelation) : undefined;
  if (table) return table;
  if (!fn.resultColumns) return undefined;
  return {
    schema: fn.schema,
    name: fn.name,
    kind: 'f',
    columns: fn.resultColumns,
    columnOrder: [...fn.resultColumns.keys()],
    primaryKey: [],
    uniqueKeys: [],
  };
}

/** PostgREST's function resolution: overloads by argument names, else one unnamed json parameter (PGRST202). */
export async function planCall(cache: SchemaCache, api: ApiRequest, name: string): Promise<CallPlan> {
  const candidates = await cache.functionsNamed(api.schema, name);
  const args: Record<string, unknown> = { ...(api.callBody ?? {}) };
  const names = new Set(candidates.flatMap((c) => c.args.map((a) => a.name)));
  for (const p of api.callParams) if (names.has(p.key)) args[p.key] = p.value;
  const fn = pickFunction(candidates, Object.keys(args));
  if (!fn) throw pgrstError.PGRST202(api.schema, name, Object.keys(args).sort());
  const resultRelation = functionResultRelation(cache, fn);
  const rows = !fn.returnsVoid && (fn.returnsSet || fn.returnsComposite);
  if (rows && !resultRelation && api.select.some((i) => i.kind !== 'star')) {
    // A set of scalars (or records of unknown shape): only filters on the value itself make sense.
    throw pgrstError.PGRST100(`"failed to parse select parameter": ${name} returns scalars`);
  }
  // Keys that are no argument filter the result; a single value or none has nothing to filter.
  const filters: Condition[] = [];
  for (const p of rows ? api.callParams : []) {
    if (fn.args.some((a) => a.name === p.key)) continue;
    if (p.filter instanceof Error) throw p.filter;
    filters.push(p.filter);
  }
  const scopes = new Map(api.scopes);
  if (filters.length) {
    const root = scopes.get('') ?? { conditions: [] };
    scopes.set('', { ...root, conditions: [...root.conditions, ...filters] });
  }
  return {
    fn,
    args,
    singleObject: fn.args.length === 1 && fn.args[0]?.name === '',
    resultRelation,
    scopes,
  };
}
