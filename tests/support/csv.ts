/**
 * RFC 4180 as the product writes it: fields separated by commas, records by CRLF, quoted fields may
 * hold both and "". Shared by the unit and browser tests of the CSV exports. Throws when the text
 * ends inside a quoted field or without the final CRLF.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (quoted) throw new Error('the CSV ends inside a quoted field');
  if (field !== '' || record.length > 0) throw new Error('the CSV does not end with CRLF');
  return records;
}
