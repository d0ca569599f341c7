// Judges one answer against a step's expectations; returns every broken check, each naming the
// clause it enforces: its own (an assertion's `clause`, a schema's x-clause annotation, the
// envelope conventions), else the step's.
import { isDeepStrictEqual } from 'node:util';
import type { Exchange } from '../../http/client.js';
import type { Profile } from '../../common/vocabulary.js';
import type { Assertion, Expect } from '../load/types.js';
import { ASSERTION_KEYS, MATCHERS, show } from './matchers.js';
import { resolvePath } from './body-path.js';
import { schemaFindings, schemaValidator } from './schemas.js';
import { envelopeFindings } from './envelope-checks.js';
import { checkFailure, refusalOf, type Finding, type Judged } from './failure.js';

export type { Judged };

/** Which rules a step's checks enforce when a check names none itself. */
export interface Attribution {
  /** The clauses of the step's checks. */
  clauses: string[];
  /** The Zulip facts the case's zulip-profile checks rest on. */
  facts: string[];
  /** The whole case is the zulip profile's: every check rests on facts. */
  zulipCase: boolean;
  /** The clauses the case cites that the document shows no way to observe (read through Zulip's means). */
  unobservable?: readonly string[];
}

/** `featureLevel`: the level the target is judged as (a field newer than it may be missing). */
export function judge(
  response: NonNullable<Exchange['response']>,
  expect: Expect | undefined,
  profile: Profile,
  who: Attribution,
  featureLevel = Number.POSITIVE_INFINITY,
): Judged[] {
  if (expect?.notServed) return judgeRefusal(response, expect, profile, who, featureLevel);
  const out: Judged[] = envelopeFindings(response).map((f) => checkFailure(f, [f.clause!]));
  // An answer that is no JSON object (or JSON null) failed the envelope: nothing more to read in it.
  if (response.json === undefined || response.json === null || !expect) return out;
  const body = response.json as Record<string, unknown>;
  const own = judgeExpect(response.status, body, expect, featureLevel);
  const zulipTag = who.zulipCase ? { profile: 'zulip' as const, facts: who.facts, unobservable: who.unobservable } : {};
  out.push(...own.findings.map((f) => checkFailure(f, stepClauses(expect, who.clauses), zulipTag)));
  // When the outcome is the other one, the zulip profile's details of it say nothing new.
  if (profile === 'zulip' && expect.zulip && !own.wrongOutcome) {
    const z = expect.zulip;
    const facts = z.facts ?? who.facts;
    out.push(
      ...judgeExpect(response.status, body, z, featureLevel).findings.map((f) =>
        checkFailure(f, stepClauses(z, stepClauses(expect, who.clauses)), { profile: 'zulip', facts, unobservable: who.unobservable }),
      ),
    );
  }
  return out;
}

/** Served: a 2xx answer whose body is a JSON success envelope. */
function served(response: NonNullable<Exchange['response']>): boolean {
  const body = response.json as { result?: unknown } | null | undefined;
  return response.status >= 200 && response.status < 300 && body?.result === 'success';
}

/**
 * A request the server must not serve as the account it names (no credentials, a wrong key).
 * The document does not show that answer, so any answer but a success will do, of any media
 * type, with no envelope check; under the zulip profile Zulip's JSON error (its `zulip:` block,
 * and the envelope conventions) is checked as the Zulip facts it is.
 */
function judgeRefusal(response: NonNullable<Exchange['response']>, expect: Expect, profile: Profile, who: Attribution, featureLevel: number): Judged[] {
  const out: Judged[] = [];
  const zulipTag = who.zulipCase ? { profile: 'zulip' as const, facts: who.facts, unobservable: who.unobservable } : {};
  if (served(response)) {
    const finding: Finding = {
      check: 'result',
      path: 'result',
      expected: 'the request refused (any answer but a success)',
      actual: `HTTP ${response.status}, result "success"`,
    };
    out.push(checkFailure(finding, stepClauses(expect, who.clauses), zulipTag));
    return out;
  }
  const z = expect.zulip;
  if (profile !== 'zulip' || !z) return out;
  const tag = { profile: 'zulip' as const, facts: z.facts ?? who.facts, unobservable: who.unobservable };
  out.push(...envelopeFindings(response).map((f) => checkFailure(f, [f.clause!], tag)));
  if (response.json === undefined || response.json === null) return out;
  const zulipClauses = stepClauses(expect, who.clauses);
  out.push(
    ...judgeExpect(response.status, response.json as Record<string, unknown>, z, featureLevel).findings.map((f) =>
      checkFailure(f, stepClauses(z, zulipClauses), tag),
    ),
  );
  return out;
}

/** What a step's checks enforce when a check names no clause itself: the step's `clause`/`clauses`, else the fallback. */
function stepClauses(expect: Pick<Expect, 'clause' | 'clauses'>, fallback: string[]): string[] {
  return expect.clauses ?? (expect.clause ? [expect.clause] : fallback);
}

/** The path of the object holding a field ("streams[?stream_id=3].name" -> "streams[?stream_id=3]"); null at the top. */
export function holderOf(path: string): string | null {
  let depth = 0;
  let cut = -1;
  for (const [i, ch] of [...path].entries()) {
    if (ch === '[' && depth++ === 0) cut = i;
    else if (ch === ']') depth -= 1;
    else if (ch === '.' && depth === 0) cut = i;
  }
  return cut > 0 ? path.slice(0, cut) : null;
}

/** Whether every matcher of a condition matches. */
export function holds(body: Record<string, unknown>, condition: Assertion): boolean {
  const got = resolvePath(body, condition.path);
  return Object.entries(condition).every(([name, want]) => ASSERTION_KEYS.has(name) || MATCHERS[name](got, want) === null);
}

function judgeExpect(
  status: number,
  body: Record<string, unknown>,
  expect: Omit<Expect, 'zulip'>,
  featureLevel: number,
): { findings: Finding[]; wrongOutcome: boolean } {
  const findings: Finding[] = [];
  if (expect.result && body.result !== expect.result) {
    const detail = body.result === 'error' ? ` (code ${show(body.code)}, msg ${show(body.msg)})` : '';
    findings.push({
      check: 'result',
      path: 'result',
      expected: `"${expect.result}"`,
      actual: `${show(body.result)}${detail}`,
      message: `expected result "${expect.result}", got ${show(body.result)}${detail}`,
      // Refused where the step needs it accepted: the refusal itself is the evidence.
      ...(expect.result === 'success' && body.result === 'error' ? { refusal: refusalOf(body) } : {}),
    });
    return { findings, wrongOutcome: true }; // the rest of the expectations describe the other outcome
  }
  if (expect.code && body.code !== expect.code) {
    // Another error than BAD_REQUEST expected: the request itself is valid, and was refused for something else.
    const refused = expect.code !== 'BAD_REQUEST' && body.result === 'error';
    findings.push({
      check: 'code',
      path: 'code',
      expected: `"${expect.code}"`,
      actual: `${show(body.code)} (msg ${show(body.msg)})`,
      message: `expected code "${expect.code}", got ${show(body.code)} (msg ${show(body.msg)})`,
      ...(refused ? { refusal: refusalOf(body) } : {}),
    });
    // The rest describes the error expected (its fields, its status), which did not come.
    if (refused) return { findings, wrongOutcome: true };
  }
  if (expect.status && status !== expect.status) {
    // Stryker disable next-line StringLiteral: equivalent for message, which findingMessage would build the same from path, expected and actual (those are tested)
    findings.push({
      check: 'status',
      path: '',
      expected: `HTTP ${expect.status}`,
      actual: `HTTP ${status}`,
      message: `expected HTTP ${expect.status}, got HTTP ${status}`,
    });
  }
  if (expect.schema) {
    const validate = schemaValidator(expect.schema);
    if (!validate(body)) {
      for (const f of schemaFindings(validate.errors, body, undefined, featureLevel)) {
        findings.push({ ...f, message: f.message ?? `${f.path || '(body)'}: expected ${f.expected}, got ${f.actual} (schema ${expect.schema})` });
      }
    }
  }
  if (expect.ignoredParams) {
    const got = body.ignored_parameters_unsupported;
    const want = [...expect.ignoredParams].sort();
    const sorted: unknown = Array.isArray(got) ? [...(got as unknown[])].sort() : got;
    if (!isDeepStrictEqual(sorted, want)) {
      findings.push({
        check: 'ignored-params',
        clause: 'conv.ignored-params',
        path: 'ignored_parameters_unsupported',
        expected: `exactly ${show(want)}`,
        actual: show(got),
      });
    }
  }
  // An object the answer lacks (a selector that matched nothing) is one failure, not one per field read in it.
  const absent = new Set<string>();
  for (const assertion of expect.body ?? []) {
    // An assertion with `when` holds only for the answers its condition picks (a code, say).
    if (assertion.when && !holds(body, assertion.when)) continue;
    const got = resolvePath(body, assertion.path);
    const holder = holderOf(assertion.path);
    if (!got.found && holder && !resolvePath(body, holder).found) {
      if (absent.has(holder)) continue;
      absent.add(holder);
    }
    const clause = typeof assertion.clause === 'string' ? assertion.clause : undefined;
    for (const [name, want] of Object.entries(assertion)) {
      if (ASSERTION_KEYS.has(name)) continue;
      const mismatch = MATCHERS[name](got, want);
      if (mismatch)
        findings.push({
          check: 'body',
          path: assertion.path,
          ...mismatch,
          ...(clause ? { clause } : {}),
          ...(assertion.facts ? { facts: assertion.facts } : {}),
        });
    }
  }
  return { findings, wrongOutcome: false };
}
