// A failure is data, from the judge to the reports: which rule it breaks (clauses of the API
// document, or Zulip facts for a zulip-profile check), which check of which step, where in the
// answer, what was expected and what came. Reports render it; nothing parses its message.

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
}

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
  /** The feature level of what the check expects, when it says (a schema field annotated x-since). */
  since?: number;
}

export function findingMessage(f: Finding): string {
  if (f.message) return f.message;
  const where = f.path ? `${f.path}: ` : '';
  return `${where}expected ${f.expected ?? '?'}, got ${f.actual ?? 'nothing'}`;
}

/** The rules a failure breaks, as a reader should see them first: facts of a zulip check, else clauses. */
export function brokenRules(f: Pick<Failure, 'clauses' | 'facts' | 'profile'>): string[] {
  return f.profile === 'zulip' && f.facts?.length ? f.facts : f.clauses;
}

/** Every distinct rule the failures break, in the order they were found. */
export function brokenRulesOf(failures: readonly Failure[] | undefined): string[] {
  return [...new Set((failures ?? []).flatMap(brokenRules))];
}
