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

/** Methods whose parameters go in the query string rather than a body. */
export const QUERY_METHODS = new Set(['GET', 'HEAD', 'DELETE']);
