// "${name}" placeholders in spec values: captures, fixtures, accounts, limits and the run id.
// A string that is exactly one placeholder keeps the value's type (a number stays a number).
// ${repeat('x', 61)} builds boundary strings; the count may be a variable with an offset,
// ${repeat('x', register.max_channel_folder_name_length + 1)}, as limits come from the target.
// ${padRunId('x', register.max_channel_folder_name_length)} is a name of exactly that length
// that still carries the run id: "cf <run id> " padded with x, so that no other run (and no run
// interrupted before its cleanup) can hold the same name.
export type Vars = Record<string, unknown>;

export class InterpolationError extends Error {}

const WHOLE = /^\$\{([^}]+)\}$/;
const ANY = /\$\{([^}]+)\}/g;
const REPEAT = /^(repeat|padRunId)\('((?:[^'\\]|\\.)*)',\s*(\d+|[A-Za-z_][\w.]*)(?:\s*([+-])\s*(\d+))?\)$/;

/** The count of a repeat(): a number, or a variable's integer value, plus or minus an offset. */
function repeatCount(vars: Vars, count: string, sign: string | undefined, offset: string | undefined): number {
  // Stryker disable next-line Regex: equivalent /^\d+/: a REPEAT count is all digits or a name starting with a letter
  const base = /^\d+$/.test(count) ? Number(count) : lookup(vars, count);
  if (!Number.isInteger(base)) throw new InterpolationError(`\${${count}} is not an integer (a repeat() count)`);
  const n = (base as number) + (sign === '-' ? -1 : 1) * Number(offset ?? 0);
  if (n < 0) throw new InterpolationError(`repeat() count ${count}${sign ?? ''}${offset ?? ''} is negative`);
  return n;
}

/** "cf <run id> " padded with `fill` to `length` characters. */
function padRunId(vars: Vars, fill: string, length: number): string {
  const prefix = `cf ${String(lookup(vars, 'run.id'))} `;
  if (length < prefix.length) throw new InterpolationError(`padRunId() length ${length} is shorter than "${prefix}" (${prefix.length})`);
  return prefix + fill.repeat(length - prefix.length);
}

export function lookup(vars: Vars, expr: string): unknown {
  const repeat = REPEAT.exec(expr.trim());
  if (repeat) {
    const fill = repeat[2].replace(/\\(.)/g, '$1');
    const count = repeatCount(vars, repeat[3], repeat[4], repeat[5]);
    return repeat[1] === 'padRunId' ? padRunId(vars, fill, count) : fill.repeat(count);
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

/**
 * A placeholder as a plan shows it before anything is sent: a repeat() with a literal count is
 * computed, one whose count comes from the target is "<'x' × register.max_topic_length + 1>",
 * anything else "<name>".
 */
export function previewPlaceholder(expr: string): string {
  const repeat = REPEAT.exec(expr.trim());
  if (!repeat) return `<${expr.trim()}>`;
  const count = `${repeat[3]}${repeat[4] ? ` ${repeat[4]} ${repeat[5]}` : ''}`;
  if (repeat[1] === 'padRunId') return `<"cf <run.id> " padded with '${repeat[2]}' to ${count}>`;
  // Stryker disable next-line Regex: equivalent /^\d+/: a REPEAT count is all digits or a name starting with a letter
  if (/^\d+$/.test(repeat[3])) return String(lookup({}, expr));
  return `<'${repeat[2]}' × ${count}>`;
}

/** The variables a value's placeholders start from ("${former}", "${before.color_scheme}" -> former, before). */
export function placeholderRoots(value: unknown): Set<string> {
  const roots = new Set<string>();
  // Stryker disable Regex: equivalent /^\d+/: a REPEAT count is all digits or a name starting with a letter
  for (const [, expr] of JSON.stringify(value ?? null).matchAll(ANY)) {
    const repeat = REPEAT.exec(expr.trim());
    if (!repeat) roots.add(expr.trim().split('.')[0]);
    else if (!/^\d+$/.test(repeat[3])) roots.add(repeat[3].split('.')[0]);
    if (repeat?.[1] === 'padRunId') roots.add('run');
  }
  // Stryker restore Regex
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
  if (Array.isArray(value)) return (value as unknown[]).map((v) => interpolate(v, vars)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars)])) as T;
  }
  return value;
}
