// A failure is data, from the judge to the reports: which rule it breaks (clauses of the API
// document, or Zulip facts for a zulip-profile check), which check of which step, where in the
// answer, what was expected and what came. Reports render it; nothing parses its message.
// Every kind of failure is built by its own constructor below, so the rule for which clause a
// failure is blamed on lives in this one place: a failure names a clause only where the
// evidence points at it.

import { MISSING } from './matchers.js';

export type CheckKind =
  | 'envelope' // the common conventions every answer keeps (result, msg, code)
  | 'result'
  | 'code'
  | 'status'
  | 'schema' // a JSON Schema of schemas/
  | 'ignored-params' // the ignored_parameters_unsupported convention
  | 'body' // a body matcher at a path
  | 'capture' // a value a later step needs is missing
  | 'events' // an event the change should have sent
  | 'property' // a property's invariant (properties/)
  | 'unit' // a timestamp against the run's clock (statement kind unit)
  | 'optional' // a parameter the document makes optional, required (statement kind optional)
  | 'default' // the answer with a default given explicitly (statement kind default)
  | 'not-affected' // a read-back of what a change must leave as it was (statement kind not-affected)
  | 'values'; // a value of an enumeration where answers and events carry it (the members of a clause of values)

export interface Failure {
  /** The clause it breaks, the first of `clauses`. */
  clause: string;
  /** Every clause it breaks: what the check enforces, not every clause the case cites. */
  clauses: string[];
  /** Zulip facts the check rests on (zulip-profile checks), ids of specs/zulip-facts.yaml. */
  facts?: string[];
  /** The check is the zulip profile's (a `zulip:` expectation or a zulip-only case). */
  profile?: 'zulip';
  /**
   * A zulip-profile check of statements the document makes but shows no way to observe, read
   * through Zulip's means (its facts): it breaks its clauses, and rests on the facts.
   */
  observedThrough?: 'zulip';
  /** 1-based step of the case; 0 when the check belongs to no step (a property). */
  step: number;
  check: CheckKind;
  /** Where in the answer: a body path, "" for the whole answer. */
  path?: string;
  expected?: string;
  actual?: string;
  /** One line: "<path>: expected <expected>, got <actual>", or what broke. */
  message: string;
  /** The feature level the broken check belongs to, when it is newer than its case's (a schema field annotated x-since). */
  since?: number;
  /**
   * The target refused a request the case needs accepted, and nothing in the answer points past
   * the refusal (no parameter named, no other request accepted): its code and message. Something
   * the case needed from the target (a setting, a permission) may be what is missing.
   */
  refusal?: string;
}

/** A failure before it knows its step. */
export type Judged = Omit<Failure, 'step'>;

/** What a check found before it knows its step and its clauses. */
export interface Finding {
  check: CheckKind;
  path?: string;
  expected?: string;
  actual?: string;
  /** The message when expected/actual do not say it all (e.g. "answer is not JSON"). */
  message?: string;
  /** A clause the check itself knows it enforces (envelope conventions, schema annotations). */
  clause?: string;
  /**
   * Every clause the check knows it enforces, when more than one (the errors a schema failure's
   * "... and N more" stands for); `clause` is the first.
   */
  clauses?: string[];
  /** The Zulip facts the check itself names (an assertion's `facts:`), in place of its expectation's. */
  facts?: string[];
  /** The feature level of what the check expects, when it says (a schema field annotated x-since). */
  since?: number;
  /** The answer refused a request the step expects accepted: its code and message (refusalOf). */
  refusal?: string;
}

export function findingMessage(f: Finding): string {
  if (f.message) return f.message;
  const where = f.path ? `${f.path}: ` : '';
  return `${where}expected ${f.expected ?? '?'}, got ${f.actual ?? 'nothing'}`;
}

/**
 * The rules a failure breaks, as a reader should see them first: the facts of a zulip check, else
 * its clauses (also those of a zulip check that only observes the document's statements through
 * Zulip's means). The first is its cause.
 */
export function brokenRules(f: Pick<Failure, 'clauses' | 'facts' | 'profile' | 'observedThrough'>): string[] {
  return f.profile === 'zulip' && f.facts?.length && !f.observedThrough ? f.facts : f.clauses;
}

/** Every distinct rule the failures break, in the order they were found. */
export function brokenRulesOf(failures: readonly Failure[] | undefined): string[] {
  return [...new Set((failures ?? []).flatMap(brokenRules))];
}

/** The zulip profile's tag of a failure: the facts its check rests on. */
export type ZulipTag = Partial<Pick<Failure, 'profile' | 'facts'>> & {
  /** The clauses its case cites that the document shows no way to observe. */
  unobservable?: readonly string[];
};

const blamedOn = (clauses: readonly string[]) => ({ clause: clauses[0] ?? '', clauses: [...clauses] });

/**
 * A check of an answer (result, code, status, schema, a body matcher, the envelope, an event):
 * blamed on the clause the check names itself (an assertion's `clause:`, a schema field's
 * `x-clause`, an envelope convention), else on what the step enforces (`stepClauses`).
 */
export function checkFailure(f: Finding, stepClauses: readonly string[], tag: ZulipTag = {}): Judged {
  const own = f.clauses?.length ? f.clauses : f.clause ? [f.clause] : null;
  const { unobservable = [], ...tagged } = tag;
  // A check naming its own facts: the value it expects rests on those, not on every fact of its
  // expectation. A field missing altogether is evidence against the field, not its value.
  const ownFacts = f.facts?.length && f.actual !== MISSING ? f.facts : undefined;
  const zulip = tagged.profile === 'zulip' && ownFacts ? { ...tagged, facts: ownFacts } : tagged;
  const clauses = fieldFirst(own ?? stepClauses, f);
  // What a Zulip read shows of a statement only its reads show (a value, a field): the clauses break.
  // A read refused, or an event (Zulip's alone), is Zulip's means failing: its facts break.
  // A value right in all but its JSON type ("2" for 2) is how it was read, not what was set.
  const read = (f.check === 'body' || f.check === 'schema') && !typeOnly(f);
  // A read of a step that observes a statement only reads show observes the step's statements,
  // unless the check names the facts its value rests on.
  const observed = zulip.profile === 'zulip' && read && !ownFacts && clauses.some((c) => unobservable.includes(c));
  return {
    ...blamedOn(clauses),
    ...zulip,
    ...(observed ? { observedThrough: 'zulip' as const } : {}),
    check: f.check,
    ...(f.path !== undefined ? { path: f.path } : {}),
    ...(f.expected !== undefined ? { expected: f.expected } : {}),
    ...(f.actual !== undefined ? { actual: f.actual } : {}),
    message: findingMessage(f),
    ...(f.since !== undefined ? { since: f.since } : {}),
    ...(f.refusal !== undefined ? { refusal: f.refusal } : {}),
  };
}

/** Expected and got, both JSON values, alike as text but not as values (2 and "2"). */
function typeOnly(f: Finding): boolean {
  const parse = (text: string | undefined): { value: unknown } | null => {
    try {
      return text === undefined ? null : { value: JSON.parse(text) as unknown };
    } catch {
      return null;
    }
  };
  const [want, got] = [parse(f.expected), parse(f.actual)];
  return want !== null && got !== null && typeof want.value !== typeof got.value && String(want.value) === String(got.value);
}

/**
 * A field the answer lacks is evidence against the clause of that field (the catalog names a
 * field's clause after it: res.channel.folder_id): among a check's clauses it comes first.
 */
function fieldFirst(clauses: readonly string[], f: Finding): readonly string[] {
  if (f.actual !== MISSING || !f.path || clauses.length < 2) return clauses;
  const field =
    f.path
      .split(/[.[\]]/)
      .filter(Boolean)
      .at(-1) ?? '';
  return pickedFirst(clauses, (c) => c.endsWith(`.${field}`));
}

/** The clauses evidence points at first, the others after them in their order; as they were when it points at none. */
export function pickedFirst(clauses: readonly string[], pointedAt: (clause: string) => boolean): readonly string[] {
  const own = clauses.filter(pointedAt);
  return own.length ? [...own, ...clauses.filter((c) => !own.includes(c))] : clauses;
}

/** "BAD_REQUEST: You don't have permission to edit this message" */
export function refusalOf(body: { code?: unknown; msg?: unknown }): string {
  const code = typeof body.code === 'string' ? body.code : 'no code';
  return typeof body.msg === 'string' && body.msg ? `${code}: ${body.msg}` : code;
}

/**
 * A refused step left out parameters the document makes optional, and the evidence points at
 * some of them (the error names them, or the same request with them given was accepted): the
 * failure is blamed on their optional clauses, not on what the step checks.
 */
export function optionalFailure(refused: Judged, blamed: readonly { clause: string; names: string[] }[], evidence: string): Judged {
  const names = [...new Set(blamed.flatMap((b) => b.names))].join(', ');
  return {
    ...blamedOn([...new Set(blamed.map((b) => b.clause))]),
    check: 'optional',
    path: refused.path ?? 'result',
    expected: `the request accepted without ${names} (the document makes ${blamed.length > 1 ? 'them' : 'it'} optional)`,
    actual: refused.actual ?? 'the request refused',
    message: `${refused.message}: ${evidence}, so the server requires ${names}, which the document makes optional`,
  };
}

/**
 * The case (or a read) with a default left out and with it given explicitly came out differently,
 * and did again on fresh names: blamed on the default clauses, built on the first failure of the
 * run that failed.
 */
export function defaultFailure(defaults: readonly { clause: string }[], first: Judged, message: string): Judged {
  return { ...first, ...blamedOn(defaults.map((d) => d.clause)), check: 'default', message };
}

/** A value a not-affected clause protects changed across a change: blamed on that clause. */
export function notAffectedFailure(clause: string, tag: ZulipTag, at: { path: string; expected: string; actual: string; message: string }): Judged {
  return { ...blamedOn([clause]), ...tag, check: 'not-affected', ...at };
}

/** The read a not-affected check makes was refused, the read being of a later level than the case. */
export function unreadFailure(clause: string, tag: ZulipTag, message: string, since: number): Judged {
  return { ...blamedOn([clause]), ...tag, check: 'not-affected', message, since };
}

/** A timestamp judged against the run's clock: blamed on its unit clause. */
export function unitFailure(clause: string, path: string, expected: string, actual: string): Judged {
  return { ...blamedOn([clause]), check: 'unit', path, expected, actual, message: `${path}: expected ${expected}, got ${actual}` };
}

/** A value a later step needs is missing from the answer: blamed on what the step checks. */
export function captureFailure(stepClauses: readonly string[], path: string, name: string): Judged {
  return {
    ...blamedOn(stepClauses),
    check: 'capture',
    path,
    expected: `a value (to capture ${name})`,
    actual: 'nothing (the field is missing)',
    message: `expected ${path} in the answer (to capture ${name}), it is missing`,
  };
}
