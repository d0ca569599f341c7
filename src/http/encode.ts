// Parameters travel as the API document says: text for scalars ("true"/"false" for booleans),
// JSON-encoded text for arrays and objects, form-urlencoded bodies and GET query strings.
export type ParamValue = string | number | boolean | null | ParamValue[] | { [key: string]: ParamValue };
export type Params = Record<string, ParamValue | undefined>;

export function encodeParam(value: ParamValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function encodeParams(params: Params): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.append(name, encodeParam(value));
  }
  return search.toString();
}

/** Files of a multipart/form-data request (e.g. POST /user_uploads): field name -> file name and text content. */
export type Files = Record<string, { name: string; content: string }>;

/** A multipart/form-data body: the parameters as text fields, then the files. */
export function encodeMultipart(params: Params, files: Files): { body: Buffer; contentType: string; summary: string } {
  const boundary = `----conformance${Math.random().toString(16).slice(2)}`;
  const quote = (text: string) => text.replace(/["\r\n]/g, '_');
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${encodeParam(value)}\r\n`);
  }
  for (const [field, file] of Object.entries(files)) {
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(field)}"; filename="${quote(file.name)}"\r\n`
      + `Content-Type: application/octet-stream\r\n\r\n${file.content}\r\n`);
  }
  parts.push(`--${boundary}--\r\n`);
  const summary = `[multipart: ${Object.entries(files).map(([f, v]) => `${f}=${v.name}`).join(', ')}]`;
  return { body: Buffer.from(parts.join(''), 'utf8'), contentType: `multipart/form-data; boundary=${boundary}`, summary };
}

/** Methods whose parameters go in the query string rather than a body. */
export const QUERY_METHODS = new Set(['GET', 'HEAD', 'DELETE']);
