// "${name}" placeholders in spec values: captures, fixtures, accounts, limits and the run id.
// A string that is exactly one placeholder keeps the value's type (a number stays a number).
// ${repeat('x', 61)} builds boundary strings; the count may be a variable
// (${repeat('x', register.max_topic_length)}), so a limit the target advertises needs no constant.
export type Vars = Record<string, unknown>;

export class InterpolationError extends Error {}

const WHOLE = /^\$\{([^}]+)\}$/;
const ANY = /\$\{([^}]+)\}/g;
const REPEAT = /^repeat\('((?:[^'\\]|\\.)*)',\s*(\d+|[A-Za-z_][\w.]*)\)$/;

export function lookup(vars: Vars, expr: string): unknown {
  const repeat = REPEAT.exec(expr.trim());
  if (repeat) {
    const count = /^\d+$/.test(repeat[2]) ? Number(repeat[2]) : lookup(vars, repeat[2]);
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) throw new InterpolationError(`\${${expr}}: ${repeat[2]} is not a count`);
    return repeat[1].replace(/\\(.)/g, '$1').repeat(count);
  }
  let value: unknown = vars;
  for (const part of expr.trim().split('.')) {
    if (typeof value !== 'object' || value === null || !(part in value)) {
      throw new InterpolationError(`\${${expr}} is not defined (no "${part}")`);
    }
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The variables a value's placeholders start from ("${former}", "${before.color_scheme}" -> former, before). */
export function placeholderRoots(value: unknown): Set<string> {
  const roots = new Set<string>();
  for (const [, expr] of JSON.stringify(value ?? null).matchAll(ANY)) {
    const repeat = REPEAT.exec(expr.trim());
    if (!repeat) roots.add(expr.trim().split('.')[0]);
    else if (!/^\d+$/.test(repeat[2])) roots.add(repeat[2].split('.')[0]);
  }
  return roots;
}

export function interpolate<T>(value: T, vars: Vars): T {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookup(vars, whole[1]) as T;
    return value.replace(ANY, (_, expr: string) => {
      const v = lookup(vars, expr);
      return typeof v === 'string' ? v : JSON.stringify(v);
    }) as T;
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, vars)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars)])) as T;
  }
  return value;
}
