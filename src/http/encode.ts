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

/** Files of a multipart/form-data request (e.g. POST /user_uploads): field name -> file name and content, as text or as base64 bytes (an image). */
export type Files = Record<string, { name: string; content?: string; base64?: string }>;

/** A file's bytes: its base64 decoded, else its text. */
const bytesOf = (file: Files[string]): Buffer => (file.base64 !== undefined ? Buffer.from(file.base64, 'base64') : Buffer.from(file.content ?? '', 'utf8'));

/** One part of a multipart body as sent, in HAR's postData.params shape (fileName and contentType for a file). */
export interface FormPart {
  name: string;
  value: string;
  fileName?: string;
  contentType?: string;
}

const FILE_TYPE = 'application/octet-stream';

/**
 * A multipart/form-data body: the parameters as text fields, then the files; and its parts, for
 * the records. The body's type is Uint8Array, not Node's Buffer: the package's declarations reach
 * this file, and compile without @types/node.
 */
export function encodeMultipart(params: Params, files: Files): { body: Uint8Array; contentType: string; parts: FormPart[] } {
  const boundary = `----conformance${Math.random().toString(16).slice(2)}`;
  const quote = (text: string) => text.replace(/["\r\n]/g, '_');
  const fields = Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [{ name: quote(name), value: encodeParam(value) }]));
  const uploads = Object.entries(files).map(([field, file]) => ({ field: quote(field), fileName: quote(file.name), bytes: bytesOf(file), file }));
  const body = Buffer.concat([
    ...fields.map((part) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`, 'utf8')),
    ...uploads.flatMap((u) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${u.field}"; filename="${u.fileName}"\r\nContent-Type: ${FILE_TYPE}\r\n\r\n`, 'utf8'),
      u.bytes,
      Buffer.from('\r\n', 'utf8'),
    ]),
    Buffer.from(`--${boundary}--\r\n`, 'utf8'),
  ]);
  // The records show a text file as sent, bytes by their size.
  const parts: FormPart[] = [
    ...fields,
    ...uploads.map((u) => ({
      name: u.field,
      value: u.file.base64 !== undefined ? `(${u.bytes.length} bytes)` : u.bytes.toString('utf8'),
      fileName: u.fileName,
      contentType: FILE_TYPE,
    })),
  ];
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, parts };
}

/** Methods whose parameters go in the query string rather than a body. */
export const QUERY_METHODS = new Set(['GET', 'HEAD', 'DELETE']);
