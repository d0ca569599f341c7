// The optional kind's check: a step whose expectation shows the request accepted (success, or an
// error code other than BAD_REQUEST) enforces that every optional parameter it leaves out is
// optional. When such a step is refused, the evidence decides what its failure is: the error
// names a parameter left out (its `var_name`, or its message quotes the name), or the same
// request with the defaults it left out given is accepted; then the server requires what the
// document makes optional, and the failure is that parameter's optional clause. Otherwise the
// failure is the refusal itself, with its code and message (a permission or a setting of the
// target may be what is missing), blamed on what the step checks.
// specs/ has a success case leaving out every optional parameter (tests/unit/statement-kinds.test.ts).
import type { OptionalCheck } from '../load/statement-kinds.js';
import { optionalFailure, type Judged } from '../judge/failure.js';

/** The optional checks whose parameters the request leaves out, with the names left out. */
export function leftOut(checks: readonly OptionalCheck[], sent: Readonly<Record<string, unknown>>): { clause: string; names: string[] }[] {
  return checks.map((c) => ({ clause: c.clause, names: c.parameters.filter((name) => sent[name] === undefined) })).filter((c) => c.names.length > 0);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether an error message names the parameter: quoted ('topic', "topic", `topic`), or, for a
 * name no sentence uses as a word (stream_id, prev_content_sha256), anywhere as a whole word.
 * A plain word unquoted ("You can't move this topic") names nothing.
 */
function names(message: string, name: string): boolean {
  if (new RegExp(`['"\`‘“]${escape(name)}['"\`’”]`).test(message)) return true;
  return /[_\d]/.test(name) && new RegExp(`(^|[^\\w])${escape(name)}($|[^\\w])`).test(message);
}

/** The parameters among `candidates` a refusal names: its `var_name`, or its message. */
export function namedByRefusal(body: { var_name?: unknown; msg?: unknown }, candidates: readonly string[]): string[] {
  const message = typeof body.msg === 'string' ? body.msg : '';
  return candidates.filter((name) => body.var_name === name || names(message, name));
}

/**
 * The optional clauses the evidence points at, for the parameters it names: those that cover all
 * of them at once (a server refusing a request without any of GET /streams' parameters breaks
 * "every parameter is optional", not each parameter's default), else each parameter's clauses.
 */
export function covering(omitted: readonly { clause: string; names: string[] }[], chosen: readonly string[]): { clause: string; names: string[] }[] {
  const whole = omitted.filter((o) => chosen.every((n) => o.names.includes(n)));
  const picked = whole.length ? whole : omitted.filter((o) => o.names.some((n) => chosen.includes(n)));
  return picked.map((o) => ({ clause: o.clause, names: o.names.filter((n) => chosen.includes(n)) }));
}

export interface Refused {
  /** The step's failures: a refused `result` or `code` check among them carries its `refusal`. */
  judged: Judged[];
  /** The refusal's body (an error envelope). */
  body: { var_name?: unknown; msg?: unknown };
  /** The optional clauses of what the request left out. */
  omitted: readonly { clause: string; names: string[] }[];
  /** The defaults the request left out, and whether the request sent again with them given is accepted (null: none left out). */
  withDefaults: { names: string[]; accepted: () => Promise<boolean> } | null;
}

/**
 * The refused check of a step that expected the request accepted, blamed by the evidence: on the
 * optional clauses of the parameters the refusal names, or of the defaults whose giving made the
 * same request accepted; else it stays the refusal itself. A zulip-profile check rests on facts:
 * only a refusal naming the parameter blames its optional clause there.
 */
export async function blameRefusal(r: Refused): Promise<Judged[]> {
  const at = r.judged.findIndex((f) => f.refusal !== undefined);
  if (at < 0 || !r.omitted.length) return r.judged;
  const refused = r.judged[at];
  // A zulip-profile check rests on facts: only a refusal naming the parameter says more.
  const zulip = refused.profile === 'zulip';
  const on = (chosen: readonly string[]) => covering(r.omitted, chosen);
  const named = namedByRefusal(r.body, [...new Set(r.omitted.flatMap((o) => o.names))]);
  let blamed: Judged | null = null;
  if (named.length) blamed = optionalFailure(refused, on(named), `the refusal names ${named.join(', ')}`);
  else if (!zulip && r.withDefaults && (await r.withDefaults.accepted())) {
    const given = r.withDefaults.names;
    blamed = optionalFailure(refused, on(given), `with ${given.join(', ')} given, the same request is accepted`);
  }
  // No evidence: the refusal itself, blamed on what the step checks besides the optional
  // clauses of what it left out (a step may cite them too: the case that leaves them all out).
  // Where those are all it checks, the refusal names no clause: it is the refusal alone.
  if (!blamed && zulip) return r.judged;
  if (!blamed) {
    const optional = new Set(r.omitted.map((o) => o.clause));
    const rest = refused.clauses.filter((c) => !optional.has(c));
    if (rest.length === refused.clauses.length) return r.judged;
    blamed = { ...refused, clause: rest[0] ?? '', clauses: rest };
  }
  return r.judged.map((f, i) => (i === at ? blamed : f));
}
