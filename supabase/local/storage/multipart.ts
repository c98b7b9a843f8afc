/**
 * multipart/form-data bodies, as storage-js sends a Blob, a File or a FormData (storage's
 * @fastify/multipart reads them): text fields (`cacheControl`, `metadata`, `contentType`) and one
 * file part, whose field name is often empty (storage-js appends the file as `''`).
 */
export interface MultipartFile {
  filename: string;
  /** The part's Content-Type, when it has one. */
  contentType: string | undefined;
  data: Buffer;
}

export interface MultipartForm {
  fields: Map<string, string>;
  /** The first part with a filename; storage takes one file per request. */
  file: MultipartFile | undefined;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

/** A `name="value"` parameter of a Content-Disposition header (quoted or bare). */
function dispositionParam(header: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i').exec(header);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? '').trim();
}

/** The parts of `body`; undefined when it is not a well-formed multipart body for `boundary`. */
export function parseMultipart(body: Buffer, boundary: string): MultipartForm | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields = new Map<string, string>();
  let file: MultipartFile | undefined;
  let at = body.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    at += delimiter.length;
    // `--` after a delimiter closes the body.
    if (body.subarray(at, at + 2).toString('latin1') === '--') return { fields, file };
    if (!body.subarray(at, at + 2).equals(CRLF)) return undefined;
    const headersStart = at + 2;
    const headersEnd = body.indexOf(HEADER_END, headersStart);
    if (headersEnd < 0) return undefined;
    const contentStart = headersEnd + HEADER_END.length;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), contentStart);
    if (next < 0) return undefined;
    const headers = new Map<string, string>();
    for (const line of body.subarray(headersStart, headersEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get('content-disposition') ?? '';
    const name = dispositionParam(disposition, 'name') ?? '';
    const filename = dispositionParam(disposition, 'filename');
    const data = body.subarray(contentStart, next);
    if (filename !== undefined) {
      file ??= { filename, contentType: headers.get('content-type'), data: Buffer.from(data) };
    } else if (!fields.has(name)) {
      fields.set(name, data.toString('utf8'));
    }
    at = next + CRLF.length;
  }
}
