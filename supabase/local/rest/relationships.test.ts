import { describe, expect, it } from 'vitest';
import { deriveRelationships, findRelationship, type ForeignKey, type Relationship } from './relationships';
import type { RelationInfo, RelationKey } from './schema-cache';

/** A small schema: clients and their loans, a one-to-one profile, tags through a junction, a view, a self-reference. */
const relation = (
  name: string,
  columns: string[],
  primaryKey: string[],
  extra: Partial<RelationInfo> = {},
): RelationInfo => ({
  schema: 'public',
  name,
  kind: 'r',
  columns: new Map(columns.map((c) => [c, { name: c, type: 'text', typname: 'text' }])),
  columnOrder: columns,
  primaryKey,
  uniqueKeys: [primaryKey],
  ...extra,
});

const relations = new Map<RelationKey, RelationInfo>(
  [
    relation('clients', ['id', 'name', 'referred_by'], ['id']),
    relation('loans', ['id', 'client_id', 'cosigner_id', 'amount'], ['id']),
    relation('profiles', ['client_id', 'bio'], ['client_id']),
    relation('tags', ['id', 'label'], ['id']),
    relation('loan_tags', ['loan_id', 'tag_id'], ['loan_id', 'tag_id']),
    relation('loan_summaries', ['id', 'client_id', 'amount'], [], { kind: 'v', uniqueKeys: [] }),
  ].map((r) => [`public.${r.name}`, r]),
);

const fk = (
  name: string,
  table: string,
  columns: string[],
  refTable: string,
  refColumns = ['id'],
): ForeignKey => ({
  name,
  table: `public.${table}`,
  columns,
  refTable: `public.${refTable}`,
  refColumns,
});

const foreignKeys = [
  fk('loans_client_id_fkey', 'loans', ['client_id'], 'clients'),
  fk('loans_cosigner_id_fkey', 'loans', ['cosigner_id'], 'clients'),
  fk('profiles_client_id_fkey', 'profiles', ['client_id'], 'clients'),
  fk('loan_tags_loan_id_fkey', 'loan_tags', ['loan_id'], 'loans'),
  fk('loan_tags_tag_id_fkey', 'loan_tags', ['tag_id'], 'tags'),
  fk('clients_referred_by_fkey', 'clients', ['referred_by'], 'clients'),
];

/** The view passes loans.id and loans.client_id through unchanged, so it carries loans' key to clients. */
const viewSources = new Map([
  [
    'public.loan_summaries',
    ['id', 'client_id', 'amount'].map((column) => ({ table: 'public.loans', column })),
  ],
]);

const derived = deriveRelationships(relations, viewSources, foreignKeys);
const from = (name: string): Relationship[] => derived.get(`public.${name}`) ?? [];
const rel = (name: string): RelationInfo => relations.get(`public.${name}`) as RelationInfo;
const find = (origin: string, name: string, hint?: string): Relationship =>
  findRelationship(from(origin), rel(origin), { name, ...(hint ? { hint } : {}) });

/** The thrown error, for checking its shape. */
function thrown(fn: () => unknown): Record<string, unknown> {
  try {
    fn();
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected an error');
}

describe('relationships: derivation from foreign keys', () => {
  it('sees each foreign key from both sides: many-to-one and one-to-many', () => {
    const toClient = find('loans', 'clients', 'loans_client_id_fkey');
    expect(toClient).toMatchObject({
      cardinality: 'many-to-one',
      originColumns: ['client_id'],
      targetColumns: ['id'],
      foreignKeyOnOrigin: true,
    });
    expect(find('clients', 'loans', 'client_id')).toMatchObject({
      cardinality: 'one-to-many',
      originColumns: ['id'],
      targetColumns: ['client_id'],
      foreignKeyOnOrigin: false,
    });
  });

  it('makes a foreign key on unique columns one-to-one, from both sides', () => {
    expect(find('profiles', 'clients').cardinality).toBe('one-to-one');
    expect(find('clients', 'profiles').cardinality).toBe('one-to-one');
  });

  it('finds many-to-many through a junction whose primary key holds both keys', () => {
    const tags = find('loans', 'tags');
    expect(tags.cardinality).toBe('many-to-many');
    expect(tags.junction).toMatchObject({
      table: 'public.loan_tags',
      junctionOrigin: ['loan_id'],
      junctionTarget: ['tag_id'],
    });
    expect(find('tags', 'loans', 'loan_tags').cardinality).toBe('many-to-many');
  });

  it('gives a view the foreign keys of the columns it passes through', () => {
    const viaView = find('loan_summaries', 'clients');
    expect(viaView).toMatchObject({ cardinality: 'many-to-one', constraint: 'loans_client_id_fkey' });
    expect(find('clients', 'loan_summaries')).toMatchObject({
      cardinality: 'one-to-many',
      targetIsView: true,
    });
  });

  it('resolves a self-reference: the column names the parent, the table its children', () => {
    expect(find('clients', 'referred_by').cardinality).toBe('many-to-one');
    expect(find('clients', 'clients').cardinality).toBe('one-to-many');
  });
});

describe('relationships: choosing the one an embed means', () => {
  it('answers PGRST201 (300) with every candidate and the hints that would pick one', () => {
    const error = thrown(() => find('loans', 'clients'));
    expect(error).toMatchObject({ status: 300, code: 'PGRST201' });
    expect(error.details).toEqual([
      {
        cardinality: 'many-to-one',
        embedding: 'loans with clients',
        relationship: 'loans_client_id_fkey using loans(client_id) and clients(id)',
      },
      {
        cardinality: 'many-to-one',
        embedding: 'loans with clients',
        relationship: 'loans_cosigner_id_fkey using loans(cosigner_id) and clients(id)',
      },
    ]);
    expect(error.hint).toBe(
      "Try changing 'clients' to one of the following: 'clients!loans_client_id_fkey', 'clients!loans_cosigner_id_fkey'. Find the desired relationship in the 'details' key.",
    );
  });

  it('picks one by constraint name or by column name', () => {
    expect(find('loans', 'clients', 'loans_cosigner_id_fkey').originColumns).toEqual(['cosigner_id']);
    expect(find('loans', 'clients', 'client_id').constraint).toBe('loans_client_id_fkey');
    // The foreign-key column alone names the parent, as `cosigner_id(name)` does in PostgREST.
    expect(find('loans', 'cosigner_id').constraint).toBe('loans_cosigner_id_fkey');
  });

  it('answers PGRST200 (400) when nothing relates the two, naming the hint when one was given', () => {
    expect(thrown(() => find('tags', 'clients'))).toMatchObject({
      status: 400,
      code: 'PGRST200',
      message: "Could not find a relationship between 'tags' and 'clients' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'tags' and 'clients' in the schema 'public', but no matches were found.",
    });
    expect(thrown(() => find('loans', 'clients', 'no_such_fkey')).details).toContain(
      "using the hint 'no_such_fkey'",
    );
  });
});
