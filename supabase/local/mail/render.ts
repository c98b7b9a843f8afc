/**
 * The part of Go's html/template that mail templates use, so the local server renders a template as
 * GoTrue does: `{{ .Name }}` (and `{{ .Data.key }}` for user metadata) filled in with the value
 * escaped for where it stands, and the one condition Supabase documents for mails in several
 * languages: `{{ if eq .Data.locale "ar" }} … {{ else if eq … }} … {{ else }} … {{ end }}` (a missing
 * key equals nothing, as in Go). Any other action ({{ range }}, pipelines, other functions) is refused
 * when the template is rendered, rather than sent half-rendered: a developer must see what a client
 * gets.
 */

/** Template values: strings, or (for `.Data`) one level of named values. */
export type TemplateValues = Record<string, string | Record<string, unknown>>;

const ACTION = /\{\{-?\s*(.*?)\s*-?\}\}/g;
const FIELD = /^\.(\w+)(?:\.(\w+))?$/;

// html/template's replacement table for text and quoted attribute values (escapeHTML in Go's
// html/template/html.go): these seven characters, nothing else.
const HTML_ESCAPES: Record<string, string> = {
  '\0': '\uFFFD',
  '"': '&#34;',
  '&': '&amp;',
  "'": '&#39;',
  '+': '&#43;',
  '<': '&lt;',
  '>': '&gt;',
};

export const escapeHtml = (text: string): string => text.replace(/[\0"&'+<>]/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * A value inside href="…": Go percent-encodes what a URL may not hold (keeping %-escapes and the
 * reserved characters), refuses a scheme other than http, https or mailto at the start, then escapes
 * for the attribute.
 */
function escapeUrlAttribute(value: string, atStart: boolean): string {
  if (atStart && /^[^/?#]*:/.test(value) && !/^(https?|mailto):/i.test(value)) return '#ZgotmplZ';
  const normalized = Array.from(new TextEncoder().encode(value), (byte) => {
    const c = String.fromCharCode(byte);
    return /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/.test(c) && byte < 0x80
      ? c
      : `%${byte.toString(16).padStart(2, '0')}`;
  }).join('');
  return escapeHtml(normalized);
}

function valueOf(values: TemplateValues, name: string, key: string | undefined): string {
  const value = values[name];
  if (key === undefined) return typeof value === 'string' ? value : '';
  if (typeof value !== 'object') return '';
  const inner = value[key];
  return inner === undefined || inner === null ? '' : String(inner);
}

// `eq .Field "a" "b"`: true when the field's value is one of the quoted strings.
const EQUALS = /^eq\s+(\.\w+(?:\.\w+)?)((?:\s+"(?:[^"\\]|\\.)*")+)$/;
const QUOTED = /"((?:[^"\\]|\\.)*)"/g;

/** Whether `eq .Field "a" …` holds; a missing key or a non-string value equals no string. */
function holds(condition: string, values: TemplateValues, whole: string): boolean {
  const parsed = EQUALS.exec(condition);
  const field = parsed && FIELD.exec(parsed[1] ?? '');
  if (!parsed || !field) {
    throw new Error(
      `The local server renders only {{ .Name }} and {{ if eq .Name "text" }} in mail templates, not ${whole}`,
    );
  }
  const name = field[1] ?? '';
  const key = field[2];
  const raw = key === undefined ? values[name] : (values[name] as Record<string, unknown> | undefined)?.[key];
  if (typeof raw !== 'string') return false;
  return [...(parsed[2] ?? '').matchAll(QUOTED)].some((m) => JSON.parse(`"${m[1] ?? ''}"`) === raw);
}

/** One open {{ if }}: whether its enclosing text is shown, and whether a branch was taken yet. */
interface Branch {
  outerShown: boolean;
  taken: boolean;
  shown: boolean;
}

/** Renders a template; a field the data lacks renders empty, as html/template does for a map. */
export function renderTemplate(template: string, values: TemplateValues): string {
  const open: Branch[] = [];
  const shown = (): boolean => open.at(-1)?.shown ?? true;
  let out = '';
  let last = 0;
  let trimNext = false;
  for (const match of template.matchAll(ACTION)) {
    const whole = match[0];
    const action = (match[1] ?? '').trim();
    const offset = match.index;
    let text = template.slice(last, offset);
    if (trimNext) text = text.trimStart();
    if (whole.startsWith('{{- ')) text = text.trimEnd();
    if (shown()) out += text;
    last = offset + whole.length;
    trimNext = whole.endsWith(' -}}');

    const ifMatch = /^if\s+(.*)$/.exec(action);
    const elseIf = /^else\s+if\s+(.*)$/.exec(action);
    if (ifMatch) {
      const outerShown = shown();
      const taken = holds(ifMatch[1] ?? '', values, whole);
      open.push({ outerShown, taken, shown: outerShown && taken });
    } else if (elseIf || action === 'else' || action === 'end') {
      const branch = open.at(-1);
      if (!branch) throw new Error(`${whole} without an {{ if }} in a mail template`);
      if (action === 'end') {
        open.pop();
      } else {
        const now = !branch.taken && (elseIf ? holds(elseIf[1] ?? '', values, whole) : true);
        branch.shown = branch.outerShown && now;
        branch.taken ||= now;
      }
    } else {
      const field = FIELD.exec(action);
      if (!field) {
        throw new Error(
          `The local server renders only {{ .Name }} and {{ if eq .Name "text" }} in mail templates, not ${whole}`,
        );
      }
      if (!shown()) continue;
      const value = valueOf(values, field[1] ?? '', field[2]);
      const href = /\bhref="([^"]*)$/i.exec(template.slice(0, offset));
      out += href ? escapeUrlAttribute(value, href[1] === '') : escapeHtml(value);
    }
  }
  if (open.length > 0) throw new Error('A mail template leaves an {{ if }} without its {{ end }}');
  const rest = template.slice(last);
  if (shown()) out += trimNext ? rest.trimStart() : rest;
  return out;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#34;': '"',
  '&#39;': "'",
  '&#43;': '+',
  '&nbsp;': ' ',
};
const decode = (text: string): string =>
  text.replace(/&(?:amp|lt|gt|quot|nbsp|#34|#39|#43);/g, (e) => ENTITIES[e] ?? e);

/**
 * The readable text of a rendered HTML mail, for the local outbox's .txt files: paragraphs apart,
 * each link as "label: address" (just the address when that is its label).
 */
export function textOfHtml(html: string): string {
  return decode(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/\s+/g, ' ')
      .replace(/<a\s[^>]*?href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_whole, href: string, label: string) => {
        const text = label.replace(/<[^>]+>/g, '').trim();
        return text === href || text === decode(href) ? href : `${text}: ${href}`;
      })
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(h\d|p|li|div)>/gi, '\n\n')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
