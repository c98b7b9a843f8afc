/**
 * Request parsing: the PostgREST query grammar supabase-js generates (select with embeds and
 * aggregates, filters, logic trees, order, limit/offset, per-embed parameters), parsed into plain
 * data; `api-request.ts` applies it to a whole request. Nothing here touches SQL: names are resolved
 * against the schema cache by the plan and values bound as parameters by the query builder.
 */
import { pgrstError } from './errors';

const parseError = pgrstError.PGRST100;

/** A column reference with an optional JSON path: `data->a->>b`. */
export interface ColumnRef {
  name: string;
  path: Array<{ arrow: '->' | '->>'; key: string }>;
}

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'min' | 'max';

export interface SelectItem {
  kind: 'star' | 'column' | 'aggregate' | 'embed';
  column?: ColumnRef;
  alias?: string;
  cast?: string;
  /** For aggregates: the function; `column` is absent for a bare `count()`. */
  aggregate?: AggregateFunction;
  /** For aggregates: a cast applied to the column before aggregating (`amount::int.sum()`). */
  inputCast?: string;
  embed?: EmbedItem;
}

/** `alias:table!hint!inner(select)` or `...table(select)`. */
export interface EmbedItem {
  name: string;
  alias?: string;
  hint?: string;
  join?: 'inner' | 'left';
  spread: boolean;
  select: SelectItem[];
}

export type FilterOp =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'in'
  | 'is'
  | 'isdistinct'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxl'
  | 'nxr'
  | 'adj'
  | 'fts'
  | 'plfts'
  | 'phfts'
  | 'wfts';

export const FILTER_OPS = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

export interface Filter {
  type: 'filter';
  column: ColumnRef;
  negate: boolean;
  op: FilterOp;
  /** like(any) / like(all) etc. */
  quantifier?: 'any' | 'all';
  /** Full-text search configuration, e.g. fts(english). */
  language?: string;
  value: string;
  /** Parsed list for `in`. */
  list?: string[];
}

export interface Logic {
  type: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | Logic;

export interface OrderTerm {
  /** `order=clients(name)`: order by a column of an embedded to-one resource. */
  relation?: string;
  column: ColumnRef;
  direction: 'asc' | 'desc' | undefined;
  nulls: 'first' | 'last' | undefined;
}

/** Splits on `sep` at depth 0, honouring parentheses and double quotes. */
export function splitTopLevel(input: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] as string;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < input.length) {
        current += input[i + 1];
        i++;
      } else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (depth < 0) throw parseError(`"failed to parse", unexpected ")"`, input);
    if (ch === sep && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  if (quoted || depth !== 0) throw parseError('"failed to parse", unbalanced quotes or parentheses', input);
  out.push(current);
  return out;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

const IDENT = /^[^\s,.:()"*\-><]+$/;

/** `name`, `"quoted name"`, optionally followed by `->key` / `->>key` steps. */
export function parseColumnRef(text: string): ColumnRef {
  let rest = text;
  let name: string;
  if (rest.startsWith('"')) {
    const end = rest.indexOf('"', 1);
    if (end < 0) throw parseError(`"failed to parse" column "${text}"`);
    name = rest.slice(1, end);
    rest = rest.slice(end + 1);
  } else {
    const m = /^[^-]+/.exec(rest);
    name = m ? m[0] : '';
    rest = rest.slice(name.length);
  }
  if (!name || (!text.startsWith('"') && !IDENT.test(name))) {
    throw parseError(`"failed to parse" column "${text}"`, `unexpected column name "${name}"`);
  }
  const path: ColumnRef['path'] = [];
  while (rest.length) {
    const m = /^(->>|->)("([^"]*)"|[^-]+)/.exec(rest);
    if (!m) throw parseError(`"failed to parse" json path in "${text}"`);
    path.push({ arrow: m[1] as '->' | '->>', key: m[3] ?? (m[2] as string) });
    rest = rest.slice(m[0].length);
  }
  return { name, path };
}

const AGGREGATE = /^(?:(.+?)\.)?(count|sum|avg|min|max)\(\)(?:::([A-Za-z_][A-Za-z0-9_ ]*(?:\[\])?))?$/;
const EMBED = /^([^(!]+)((?:![^(!]+)*)\(([\s\S]*)\)$/;

function splitCast(body: string, part: string): { body: string; cast?: string } {
  const castIdx = body.lastIndexOf('::');
  if (castIdx < 0) return { body };
  const cast = body.slice(castIdx + 2);
  if (!cast) throw parseError('"failed to parse select parameter": empty cast', part);
  return { body: body.slice(0, castIdx), cast };
}

function parseEmbed(part: string, spread: boolean, alias: string | undefined, body: string): SelectItem {
  const m = EMBED.exec(body);
  if (!m) throw parseError('"failed to parse select parameter"', part);
  const embed: EmbedItem = {
    name: unquote((m[1] as string).trim()),
    spread,
    select: (m[3] as string).trim() === '' ? [] : parseSelect(m[3] as string),
  };
  if (alias) embed.alias = alias;
  for (const modifier of (m[2] as string).split('!').slice(1)) {
    if (modifier === 'inner' || modifier === 'left') embed.join = modifier;
    else if (embed.hint === undefined) embed.hint = modifier;
    else throw parseError('"failed to parse select parameter"', `unexpected "!${modifier}" in ${part}`);
  }
  return { kind: 'embed', embed };
}

export function parseSelect(select: string | null): SelectItem[] {
  if (select === null || select.trim() === '') return [{ kind: 'star' }];
  const items: SelectItem[] = [];
  for (const raw of splitTopLevel(select.trim())) {
    const part = raw.trim();
    if (part === '') throw parseError('"failed to parse select parameter"', select);
    if (part === '*') {
      items.push({ kind: 'star' });
      continue;
    }
    if (part.startsWith('...')) {
      items.push(parseEmbed(part, true, undefined, part.slice(3)));
      continue;
    }
    let body = part;
    let alias: string | undefined;
    // `alias:col` — but not the `::` of a cast.
    const aliasMatch = /^("[^"]+"|[^:"(]+):(?!:)/.exec(body);
    if (aliasMatch) {
      alias = unquote(aliasMatch[1] as string);
      body = body.slice(aliasMatch[0].length);
    }
    const aggregate = AGGREGATE.exec(body);
    if (aggregate) {
      const item: SelectItem = { kind: 'aggregate', aggregate: aggregate[2] as AggregateFunction };
      if (aggregate[1] !== undefined) {
        const input = splitCast(aggregate[1], part);
        item.column = parseColumnRef(input.body);
        if (input.cast) item.inputCast = input.cast;
      } else if (aggregate[2] !== 'count') {
        throw parseError('"failed to parse select parameter"', `${aggregate[2]}() needs a column`);
      }
      if (aggregate[3]) item.cast = aggregate[3];
      if (alias) item.alias = alias;
      items.push(item);
      continue;
    }
    if (body.endsWith(')')) {
      if (body.startsWith('...')) items.push(parseEmbed(part, true, alias, body.slice(3)));
      else items.push(parseEmbed(part, false, alias, body));
      continue;
    }
    const { body: columnText, cast } = splitCast(body, part);
    items.push({
      kind: 'column',
      column: parseColumnRef(columnText),
      ...(alias ? { alias } : {}),
      ...(cast ? { cast } : {}),
    });
  }
  return items;
}

/** `in.(a,"b,c")` list. */
function parseList(value: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError('"failed to parse filter" in list must be parenthesised', value);
  }
  const inner = value.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((v) => unquote(v.trim()));
}

/** `[not.]op[(mod)].value` for column `column`. */
export function parseFilter(column: string, expr: string, quotedValues = false): Filter {
  let rest = expr;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([a-z_]+)\))?\.([\s\S]*)$/.exec(rest);
  if (!m || !FILTER_OPS.has(m[1] as string)) {
    throw parseError(`"failed to parse filter (${expr})"`, `unknown operator in "${column}=${expr}"`);
  }
  const op = m[1] as FilterOp;
  const modifier = m[2];
  let value = m[3] as string;
  if (quotedValues && op !== 'in') value = unquote(value);
  const filter: Filter = { type: 'filter', column: parseColumnRef(column), negate, op, value };
  if (modifier) {
    if (['fts', 'plfts', 'phfts', 'wfts'].includes(op)) filter.language = modifier;
    else if (
      (modifier === 'any' || modifier === 'all') &&
      ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'].includes(op)
    ) {
      filter.quantifier = modifier;
      filter.list =
        value.startsWith('{') && value.endsWith('}')
          ? splitTopLevel(value.slice(1, -1)).map((v) => unquote(v))
          : [value];
    } else throw parseError(`"failed to parse filter (${expr})"`, `unknown modifier "${modifier}"`);
  }
  if (op === 'in') filter.list = parseList(value);
  if (op === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    throw parseError(
      `"failed to parse filter (${expr})"`,
      'is accepts null, not_null, true, false or unknown',
    );
  }
  return filter;
}

/** The inside of `or=(...)` / `and=(...)`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): Logic {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${value})"`, 'expected parentheses');
  }
  const children: Condition[] = splitTopLevel(value.slice(1, -1)).map((item) => {
    const part = item.trim();
    const nested = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(part);
    if (nested) return parseLogic(nested[2] as 'and' | 'or', !!nested[1], nested[3] as string);
    const dot = part.startsWith('"')
      ? part.indexOf('"', 1) + 1
      : part.search(/\.(not\.)?[a-z]+(\([a-z_]+\))?\./);
    if (dot <= 0 || part[dot] !== '.') throw parseError(`"failed to parse logic tree (${value})"`, part);
    return parseFilter(part.slice(0, dot), part.slice(dot + 1), true);
  });
  if (children.length === 0) throw parseError(`"failed to parse logic tree (${value})"`);
  return { type: 'logic', op, negate, children };
}

export function parseOrder(order: string): OrderTerm[] {
  return splitTopLevel(order).map((term) => {
    const related = /^([^(.]+)\(([^)]+)\)(.*)$/.exec(term.trim());
    if (related) {
      const inner = parseOrder(`${related[2] as string}${related[3] as string}`)[0] as OrderTerm;
      return { ...inner, relation: related[1] as string };
    }
    const parts = term.trim().split('.');
    let columnText = parts.shift() ?? '';
    // A quoted column may contain dots; rejoin until the quote closes.
    while (columnText.startsWith('"') && !columnText.endsWith('"') && parts.length)
      columnText += `.${parts.shift()}`;
    const result: OrderTerm = { column: parseColumnRef(columnText), direction: undefined, nulls: undefined };
    for (const modifier of parts) {
      if (modifier === 'asc' || modifier === 'desc') result.direction = modifier;
      else if (modifier === 'nullsfirst') result.nulls = 'first';
      else if (modifier === 'nullslast') result.nulls = 'last';
      else throw parseError(`"failed to parse order (${order})"`, `unexpected "${modifier}"`);
    }
    return result;
  });
}

export function parseNonNegativeInt(name: string, value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw parseError(`"failed to parse ${name} parameter (${value})"`);
  return Number(value);
}

/** `columns="a","b"` or `columns=a,b`. */
export function parseColumnsParam(value: string): string[] {
  return splitTopLevel(value)
    .map((c) => unquote(c.trim()))
    .filter((c) => c !== '');
}

/** Splits a query key on dots outside quotes and before any JSON arrow: `clients.name` → [clients, name]. */
export function splitKey(key: string): string[] {
  const arrow = key.indexOf('->');
  const head = arrow >= 0 ? key.slice(0, arrow) : key;
  const tail = arrow >= 0 ? key.slice(arrow) : '';
  const parts = splitTopLevel(head, '.');
  parts[parts.length - 1] += tail;
  return parts;
}

/** Query parameters addressed to the root (path []) or to an embedded resource by its path of names. */
export interface ScopedParams {
  conditions: Condition[];
  order?: OrderTerm[];
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Query keys that are never filters (`apikey` is how a browser link may pass the key to Kong). */
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);

/**
 * Groups filters, logic trees, order, limit and offset by the embed path they address
 * (`clients.name=eq.x`, `clients.order=name`, `clients.limit=1`, `clients.or=(...)`).
 * Keys `skip` accepts (RPC arguments in a GET) are left out.
 */
export function parseScopedParams(
  query: URLSearchParams,
  skip: (key: string) => boolean = () => false,
): Map<string, ScopedParams> {
  const scopes = new Map<string, ScopedParams>();
  const scope = (path: string[]): ScopedParams => {
    const key = path.join('.');
    let s = scopes.get(key);
    if (!s) {
      s = { conditions: [] };
      scopes.set(key, s);
    }
    return s;
  };
  for (const [key, value] of query) {
    if (RESERVED.has(key) || skip(key)) continue;
    const parts = splitKey(key);
    const last = parts[parts.length - 1] as string;
    const beforeLast = parts[parts.length - 2];
    if (last === 'or' || last === 'and') {
      const negate = beforeLast === 'not';
      const path = parts.slice(0, negate ? -2 : -1);
      scope(path).conditions.push(parseLogic(last, negate, value));
      continue;
    }
    const path = parts.slice(0, -1);
    if (last === 'order') scope(path).order = parseOrder(value);
    else if (last === 'limit') scope(path).limit = parseNonNegativeInt('limit', value);
    else if (last === 'offset') scope(path).offset = parseNonNegativeInt('offset', value);
    else scope(path).conditions.push(parseFilter(last, value));
  }
  return scopes;
}
