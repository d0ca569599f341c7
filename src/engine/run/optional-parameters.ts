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
import { optionalFailure, pickedFirst, type Judged } from '../judge/failure.js';

/** The optional checks whose parameters the request leaves out, with the names left out. */
export function leftOut(checks: readonly OptionalCheck[], sent: Readonly<Record<string, unknown>>): { clause: string; names: string[] }[] {
  return checks.map((c) => ({ clause: c.clause, names: c.parameters.filter((name) => sent[name] === undefined) })).filter((c) => c.names.length > 0);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether an error message names the parameter: quoted ('topic', "topic", `topic`), or, for a
 * name no sentence uses as a word (stream_id, prev_content_sha256), anywhere as a whole word, or
 * as the subject of Zulip's sentences for a value ("Invalid emojiset", "emojiset is not a string").
 * A plain word unquoted elsewhere ("You can't move this topic") names nothing.
 */
function names(message: string, name: string): boolean {
  if (new RegExp(`['"\`‘“]${escape(name)}['"\`’”]`).test(message)) return true;
  // Zulip's own sentences for a parameter's value (typed_endpoint.py): "Invalid emojiset".
  if (new RegExp(`^(Invalid ${escape(name)}|${escape(name)} is (not|too) [^.]*)\\.?$`).test(message)) return true;
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
  /** What an earlier step of the case sent besides, in the same request accepted (givenBefore). */
  givenBefore?: string[];
}

/** A request a step sent: by whom, where, and each parameter's value (as JSON). */
export interface SentRequest {
  role: string;
  method: string;
  path: string;
  params: Record<string, string>;
}

export function sentRequest(role: string, method: string, path: string, sent: Readonly<Record<string, unknown>>): SentRequest {
  const params = Object.entries(sent).filter(([, value]) => value !== undefined);
  return { role, method, path, params: Object.fromEntries(params.map(([name, value]) => [name, JSON.stringify(value)])) };
}

/**
 * The parameters an earlier step of the case sent besides this request's, in the same request
 * otherwise (the same account, method and path, each parameter this one sends with the same
 * value) that was accepted: a request refused without them, accepted with them, is evidence the
 * server requires them (an edit sending neither title nor content, after one sending the title).
 */
export function givenBefore(accepted: readonly SentRequest[], now: SentRequest): string[] {
  const sent = Object.entries(now.params);
  const same = accepted.filter((a) => a.role === now.role && a.method === now.method && a.path === now.path && sent.every(([n, v]) => a.params[n] === v));
  return [...new Set(same.flatMap((a) => Object.keys(a.params).filter((n) => now.params[n] === undefined)))];
}

/**
 * The refused check of a step that expected the request accepted, blamed by the evidence: on the
 * optional clauses of the parameters the refusal names, or of those an earlier step gave in the
 * same request accepted, or of the defaults whose giving made the same request accepted; else it
 * stays the refusal itself. A zulip-profile check rests on facts:
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
  const omittedNames = new Set(r.omitted.flatMap((o) => o.names));
  const before = (r.givenBefore ?? []).filter((n) => omittedNames.has(n));
  if (named.length) blamed = optionalFailure(refused, on(named), `the refusal names ${named.join(', ')}`);
  else if (!zulip && before.length) blamed = optionalFailure(refused, on(before), `with ${before.join(', ')} given, the same request was accepted before`);
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

/**
 * A refused step that sent several parameters and checks a clause of each (one value of each
 * setting at once): where the refusal names some of the parameters it was sent (its `var_name`,
 * or its message), the clauses named after them (op5.param.color-scheme for color_scheme, or one of
 * its values: op3.op.values for op) come first, so the failure's cause is the parameter the server
 * refused, not the step's first clause.
 */
export function sentNamedFirst(judged: Judged[], body: { var_name?: unknown; msg?: unknown }, sent: readonly string[]): Judged[] {
  const at = judged.findIndex((f) => f.refusal !== undefined);
  if (at < 0 || judged[at].clauses.length < 2) return judged;
  const named = namedByRefusal(body, sent).map((name) => `.${name.replace(/_/g, '-')}`);
  const clauses = pickedFirst(judged[at].clauses, (c) => named.some((part) => c.endsWith(part) || c.includes(`${part}.`)));
  if (clauses === judged[at].clauses) return judged;
  return judged.map((f, i) => (i === at ? { ...f, clause: clauses[0], clauses: [...clauses] } : f));
}
