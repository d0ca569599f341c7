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
  const parts: FormPart[] = [
    ...Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [{ name: quote(name), value: encodeParam(value) }])),
    ...Object.entries(files).map(([field, file]) => ({ name: quote(field), value: file.content, fileName: quote(file.name), contentType: FILE_TYPE })),
  ];
  const text = parts.map((part) =>
    part.fileName === undefined
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n${part.value}\r\n`,
  );
  return { body: Buffer.from(`${text.join('')}--${boundary}--\r\n`, 'utf8'), contentType: `multipart/form-data; boundary=${boundary}`, parts };
}

/** Methods whose parameters go in the query string rather than a body. */
export const QUERY_METHODS = new Set(['GET', 'HEAD', 'DELETE']);
