/**
 * Relationships as PostgREST derives them (`SchemaCache.hs` for the derivation, `Plan.hs`'s findRel for
 * the choice): every foreign key seen from both sides (many-to-one / one-to-many, one-to-one when the
 * key columns are unique), many-to-many through a junction whose primary key holds both keys, foreign
 * keys carried by views that pass the key columns through, and the rules that pick the one an embed
 * (`name`, `name!hint`) means, with PGRST200 / PGRST201 otherwise.
 */
import { pgrstError } from './errors';
import type { EmbedItem } from './request';
import type { RelationInfo, RelationKey } from './schema-cache';

/**
 * A relationship seen from the table a request starts at, as PostgREST derives them from foreign keys
 * (and from views whose columns carry a table's foreign-key columns unchanged).
 * The join condition is `origin.originColumns[i] = target.targetColumns[i]`, or for many-to-many
 * `junction.junctionOrigin[i] = origin.originColumns[i] and junction.junctionTarget[i] = target.targetColumns[i]`.
 */
export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';
  origin: RelationKey;
  target: RelationKey;
  /** The foreign key's name; for many-to-many the junction table's name. */
  constraint: string;
  originColumns: string[];
  targetColumns: string[];
  /** True when origin and target are the same table (a self-reference). */
  isSelf: boolean;
  /** Whether the side holding the foreign key is the origin (many-to-one, or the one-to-one "child" side). */
  foreignKeyOnOrigin: boolean;
  targetIsView: boolean;
  junction?: {
    table: RelationKey;
    originConstraint: string;
    targetConstraint: string;
    junctionOrigin: string[];
    junctionTarget: string[];
  };
}

export interface ForeignKey {
  name: string;
  table: RelationKey;
  columns: string[];
  refTable: RelationKey;
  refColumns: string[];
}

/**
 * A view that passes a table's foreign-key columns through unchanged (same names) carries that foreign
 * key too, on either side, as PostgREST's view relationships do. Views over views follow by repetition.
 */
function withViewForeignKeys(
  relations: Map<RelationKey, RelationInfo>,
  viewSources: Map<RelationKey, Array<{ table: RelationKey; column: string }>>,
  foreignKeys: ForeignKey[],
): Array<ForeignKey & { viaView: boolean }> {
  const passesThrough = (view: RelationKey, table: RelationKey, columns: string[]): boolean => {
    const rel = relations.get(view);
    const used = viewSources.get(view) ?? [];
    return (
      !!rel &&
      columns.every((c) => rel.columns.has(c) && used.some((u) => u.table === table && u.column === c))
    );
  };
  const all: Array<ForeignKey & { viaView: boolean }> = foreignKeys.map((f) => ({ ...f, viaView: false }));
  const seen = new Set(all.map((f) => `${f.name}|${f.table}|${f.refTable}`));
  for (let round = 0; round < 3; round++) {
    const added: Array<ForeignKey & { viaView: boolean }> = [];
    for (const fk of all) {
      for (const view of viewSources.keys()) {
        const candidates: Array<ForeignKey & { viaView: boolean }> = [];
        if (passesThrough(view, fk.table, fk.columns)) candidates.push({ ...fk, table: view, viaView: true });
        if (passesThrough(view, fk.refTable, fk.refColumns)) {
          candidates.push({ ...fk, refTable: view, viaView: true });
        }
        for (const c of candidates) {
          const key = `${c.name}|${c.table}|${c.refTable}`;
          if (!seen.has(key)) {
            seen.add(key);
            added.push(c);
          }
        }
      }
    }
    if (added.length === 0) break;
    all.push(...added);
  }
  return all;
}

const sameSet = (a: string[], b: string[]): boolean => a.length === b.length && a.every((x) => b.includes(x));

/** Every relationship in both directions, plus many-to-many through junctions whose primary key holds both keys. */
function buildRelationships(
  relations: Map<RelationKey, RelationInfo>,
  foreignKeys: Array<ForeignKey & { viaView: boolean }>,
): Map<RelationKey, Relationship[]> {
  const out = new Map<RelationKey, Relationship[]>();
  const push = (r: Relationship): void => {
    out.set(r.origin, [...(out.get(r.origin) ?? []), r]);
  };
  const isView = (key: RelationKey): boolean => {
    const kind = relations.get(key)?.kind;
    return kind === 'v' || kind === 'm';
  };
  for (const fk of foreignKeys) {
    if (!relations.has(fk.table) || !relations.has(fk.refTable)) continue;
    const unique = (relations.get(fk.table)?.uniqueKeys ?? []).some((k) => sameSet(k, fk.columns));
    const isSelf = fk.table === fk.refTable;
    push({
      cardinality: unique ? 'one-to-one' : 'many-to-one',
      origin: fk.table,
      target: fk.refTable,
      constraint: fk.name,
      originColumns: fk.columns,
      targetColumns: fk.refColumns,
      isSelf,
      foreignKeyOnOrigin: true,
      targetIsView: isView(fk.refTable),
    });
    push({
      cardinality: unique ? 'one-to-one' : 'one-to-many',
      origin: fk.refTable,
      target: fk.table,
      constraint: fk.name,
      originColumns: fk.refColumns,
      targetColumns: fk.columns,
      isSelf,
      foreignKeyOnOrigin: false,
      targetIsView: isView(fk.table),
    });
  }
  for (const r of junctionRelationships(relations, foreignKeys, isView)) push(r);
  return out;
}

/** Many-to-many between the tables two foreign keys of a junction reference, when its primary key holds both. */
function junctionRelationships(
  relations: Map<RelationKey, RelationInfo>,
  foreignKeys: ForeignKey[],
  isView: (key: RelationKey) => boolean,
): Relationship[] {
  const out: Relationship[] = [];
  for (const junctionKey of relations.keys()) {
    const junction = relations.get(junctionKey) as RelationInfo;
    const outgoing = foreignKeys.filter((f) => f.table === junctionKey && relations.has(f.refTable));
    for (const a of outgoing) {
      for (const b of outgoing) {
        if (a === b || a.name === b.name) continue;
        if (![...a.columns, ...b.columns].every((c) => junction.primaryKey.includes(c))) continue;
        out.push({
          cardinality: 'many-to-many',
          origin: a.refTable,
          target: b.refTable,
          constraint: junction.name,
          originColumns: a.refColumns,
          targetColumns: b.refColumns,
          isSelf: a.refTable === b.refTable,
          foreignKeyOnOrigin: false,
          targetIsView: isView(b.refTable),
          junction: {
            table: junctionKey,
            originConstraint: a.name,
            targetConstraint: b.name,
            junctionOrigin: a.columns,
            junctionTarget: b.columns,
          },
        });
      }
    }
  }
  return out;
}

/** Every relationship between `relations`, by the relation it starts at. */
export function deriveRelationships(
  relations: Map<RelationKey, RelationInfo>,
  viewSources: Map<RelationKey, Array<{ table: RelationKey; column: string }>>,
  foreignKeys: ForeignKey[],
): Map<RelationKey, Relationship[]> {
  return buildRelationships(relations, withViewForeignKeys(relations, viewSources, foreignKeys));
}

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

/** The one relationship `embed` means among `relationships` (those starting at `origin`). */
export function findRelationship(
  relationships: Relationship[],
  origin: RelationInfo,
  embed: Pick<EmbedItem, 'name' | 'hint'>,
): Relationship {
  const found = matchRelationships(relationships, embed.name, embed.hint);
  if (found.length === 1) return found[0] as Relationship;
  if (found.length === 0) throw pgrstError.PGRST200(origin, embed.name, embed.hint);
  const hints = found.map(
    (r) => `'${nameOf(r.target)}!${r.junction ? nameOf(r.junction.table) : r.constraint}'`,
  );
  throw pgrstError.PGRST201(origin.name, embed.name, found.map(describeRelationship), hints);
}
