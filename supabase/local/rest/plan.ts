/**
 * The read plan: the parsed select turned into a tree of relations, each embed resolved to one
 * relationship of the schema cache (PostgREST's findRel rules, PGRST200/PGRST201 otherwise), with the
 * filters, order, limit and offset addressed to each node, and the aggregate check.
 */
import { ApiError } from './response';
import type { Condition, EmbedItem, OrderTerm, ScopedParams, SelectItem } from './request';
import type { RelationInfo, Relationship, SchemaCache } from './schema-cache';

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

const relKey = (rel: RelationInfo): string => `${rel.schema}.${rel.name}`;
const nameOf = (key: string): string => key.slice(key.indexOf('.') + 1);

const fkSingle = (columns: string[], hint: string): boolean => columns.length === 1 && columns[0] === hint;

/** The candidates PostgREST's findRel keeps for `target!hint` seen from `origin`. */
function matchRelationships(all: Relationship[], target: string, hint: string | undefined): Relationship[] {
  // The columns of the foreign key itself and of the key it references, whichever side is the origin.
  const fkColumns = (r: Relationship): string[] => (r.foreignKeyOnOrigin ? r.originColumns : r.targetColumns);
  const refColumns = (r: Relationship): string[] =>
    r.foreignKeyOnOrigin ? r.targetColumns : r.originColumns;
  const m2m = (r: Relationship): boolean => r.cardinality === 'many-to-many';
  return all.filter((r) => {
    const targetName = nameOf(r.target);
    if (r.isSelf && !m2m(r)) {
      if (hint === undefined) {
        // Table name → the children (one-to-many); the FK column name → the parent (many-to-one).
        return (
          (targetName === target && !r.foreignKeyOnOrigin) ||
          (fkSingle(r.originColumns, target) && r.foreignKeyOnOrigin)
        );
      }
      return targetName === target && !r.foreignKeyOnOrigin && fkSingle(refColumns(r), hint);
    }
    if (hint === undefined) {
      return (
        targetName === target ||
        (!m2m(r) &&
          !r.targetIsView &&
          (r.constraint === target || (r.foreignKeyOnOrigin && fkSingle(r.originColumns, target))))
      );
    }
    return (
      targetName === target &&
      (m2m(r)
        ? nameOf(r.junction?.table ?? '') === hint
        : r.constraint === hint || fkSingle(fkColumns(r), hint) || fkSingle(refColumns(r), hint))
    );
  });
}

function describeRelationship(r: Relationship): Record<string, string> {
  const cols = (c: string[]): string => `(${c.join(', ')})`;
  const origin = nameOf(r.origin);
  const target = nameOf(r.target);
  if (r.junction) {
    return {
      cardinality: 'many-to-many',
      embedding: `${origin} with ${target}`,
      relationship: `${nameOf(r.junction.table)} using ${r.junction.originConstraint}${cols(r.junction.junctionOrigin)} and ${r.junction.targetConstraint}${cols(r.junction.junctionTarget)}`,
    };
  }
  return {
    cardinality: r.cardinality,
    embedding: `${origin} with ${target}`,
    relationship: `${r.constraint} using ${origin}${cols(r.originColumns)} and ${target}${cols(r.targetColumns)}`,
  };
}

export function findRelationship(cache: SchemaCache, origin: RelationInfo, embed: EmbedItem): Relationship {
  const found = matchRelationships(cache.relationshipsFrom(relKey(origin)), embed.name, embed.hint);
  if (found.length === 1) return found[0] as Relationship;
  if (found.length === 0) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin.name}' and '${embed.name}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin.name}' and '${embed.name}'${embed.hint ? ` using the hint '${embed.hint}'` : ''} in the schema '${origin.schema}', but no matches were found.`,
    );
  }
  const hints = found.map(
    (r) => `'${nameOf(r.target)}!${r.junction ? nameOf(r.junction.table) : r.constraint}'`,
  );
  throw new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin.name}' and '${embed.name}'`,
    found.map(describeRelationship),
    `Try changing '${embed.name}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

export interface PlanOptions {
  cache: SchemaCache;
  scopes: Map<string, ScopedParams>;
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
    throw new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
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
    const relationship = findRelationship(options.cache, relation, embed);
    const target = options.cache.relationByKey(relationship.target);
    if (!target) throw new ApiError(400, 'PGRST200', `Could not find '${embed.name}' in the schema cache`);
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
  // Filters naming an embed (`clients=is.null`) test the embed; the rest are this node's own.
  for (const condition of scope?.conditions ?? []) {
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
    if (!embed) {
      throw new ApiError(
        400,
        'PGRST108',
        `'${term.relation}' is not an embedded resource in this request`,
        null,
        `Verify that '${term.relation}' is included in the 'select' query parameter.`,
      );
    }
    if (!embed.toOne) {
      throw new ApiError(
        400,
        'PGRST118',
        `A related order on '${term.relation}' is not possible`,
        `'${relation.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
  }
  return node;
}

/** Every embed path the request addressed must exist in the tree (PGRST108 otherwise). */
export function checkScopes(root: ReadNode, scopes: Map<string, ScopedParams>): void {
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
    const name = key.split('.').pop() as string;
    throw new ApiError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    );
  }
}
