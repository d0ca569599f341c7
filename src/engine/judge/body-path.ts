// Body paths: "a.b", "list[0].c", "list[*].c" (every element), "list[?name=x].c" (the first
// element whose field equals x), "list[*?name=x].c" (every such element). A path with [* yields
// the list of what it reached. [*] and [?...] take an object's values as its elements: a map
// keyed by id ("emoji[?name=x].id").
export interface Resolved {
  found: boolean;
  value: unknown;
}

type Segment = { key: string } | { index: number } | { all: true } | { field: string; equals: string; every: boolean };

export function parsePath(path: string): Segment[] {
  const segments: Segment[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]|\[\*\]|\[(\*?)\?([^=\]]+)=([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(path))) {
    if (m.index !== consumed) throw new Error(`bad body path "${path}" at ${consumed}`);
    consumed = re.lastIndex;
    if (m[1] !== undefined) segments.push({ key: m[1] });
    else if (m[2] !== undefined) segments.push({ index: Number(m[2]) });
    else if (m[4] !== undefined) segments.push({ field: m[4], equals: m[5], every: m[3] === '*' });
    else segments.push({ all: true });
    if (path[consumed] === '.') consumed += 1;
  }
  if (consumed !== path.length || path.endsWith('.')) throw new Error(`bad body path "${path}"`);
  return segments;
}

export function hasWildcard(path: string): boolean {
  return path.includes('[*');
}

export function resolvePath(root: unknown, path: string): Resolved {
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent for "": it parses to no segments, which resolve to the root too ("$" is tested)
  if (path === '' || path === '$') return { found: true, value: root };
  const results = walk([root], parsePath(path));
  if (hasWildcard(path)) return { found: true, value: results };
  return results.length ? { found: true, value: results[0] } : { found: false, value: undefined };
}

function walk(values: unknown[], segments: Segment[]): unknown[] {
  let current = values;
  for (const seg of segments) {
    const next: unknown[] = [];
    for (const v of current) {
      if ('key' in seg) {
        if (isObject(v) && Object.hasOwn(v, seg.key)) next.push(v[seg.key]);
      } else if ('index' in seg) {
        if (Array.isArray(v) && seg.index < v.length) next.push(v[seg.index]);
      } else if ('all' in seg) {
        next.push(...elementsOf(v));
      } else {
        const hits = elementsOf(v).filter((e) => isObject(e) && String(e[seg.field]) === seg.equals);
        next.push(...(seg.every ? hits : hits.slice(0, 1)));
      }
    }
    current = next;
  }
  return current;
}

/** A list's elements, an object's values (a map keyed by id), or nothing. */
function elementsOf(v: unknown): unknown[] {
  if (Array.isArray(v)) return v as unknown[];
  return isObject(v) ? Object.values(v) : [];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
