// The shapes of a spec file, as schemas/spec-file.schema.json validates them.
import type { Params } from '../../http/encode.js';
import type { Role } from '../../common/vocabulary.js';

export interface SpecRequest {
  method: string;
  path: string;
  params?: Params;
  encoding?: 'auto' | 'query' | 'form';
  /** "none": send no credentials; "bad": the role's email with a wrong API key. */
  auth?: 'none' | 'bad';
  /** Files to upload: the request is sent as multipart/form-data; content as text, or base64 for bytes. */
  files?: Record<string, { name: string; content?: string; base64?: string }>;
}

export interface Assertion {
  path: string;
  /** The clause this assertion enforces, when it is not the step's. */
  clause?: string;
  /** Under the zulip profile: the facts this assertion rests on, when not every fact of its expectation. */
  facts?: string[];
  /** A condition on the answer ({ path, matcher }): the assertion applies only when it matches. */
  when?: Assertion;
  [matcher: string]: unknown;
}

export interface Expect {
  /** The clause(s) the step's checks enforce (result, code, schema, body), when the case cites several. */
  clause?: string;
  clauses?: string[];
  /** In a `zulip:` block: the Zulip facts (specs/zulip-facts.yaml) its checks rest on; default the case's. */
  facts?: string[];
  /**
   * The request must not be served as the account it names (no credentials, a wrong key): any
   * answer but a success passes, of any media type, and the envelope conventions are not checked
   * on it (the document does not show that answer); a `zulip:` block still judges Zulip's.
   */
  notServed?: boolean;
  result?: 'success' | 'error';
  code?: string;
  status?: number;
  schema?: string;
  body?: Assertion[];
  /** The `ignored_parameters_unsupported` convention: exactly these names are listed. */
  ignoredParams?: string[];
  /** Expectations that hold only under the zulip profile (the document leaves them open). */
  zulip?: Omit<Expect, 'zulip'>;
  /** In a `zulip:` block, set by the loader: the last feature level its facts hold at (a fact's `until`); a newer target is not judged by it. */
  until?: number;
}

/** Opens an event queue (POST /register) as the step's role; its id is the variable `name`. */
export interface QueueSpec {
  name: string;
  /** event_types of the registration; omitted: every type. */
  eventTypes?: string[];
  /** client_capabilities besides notification_settings_null, which is always sent. */
  capabilities?: Record<string, unknown>;
}

/** One event an events step expects, in order among the case's own events of the queue. */
export interface EventExpectation {
  type: string;
  op?: string;
  /**
   * Picks the case's own event by its objects: field -> value (a message id, a channel, a name
   * of the run); a path through [*] picks it when one element equals the value. The spec
   * language requires it (schemas/spec-file.schema.json): a queue also hears of what other
   * cases change, so an event is never picked by its position.
   */
  where?: Record<string, unknown>;
  /** Picks it further by text: field -> a regular expression the field's string must match (a notice naming the case's group). */
  whereMatches?: Record<string, string>;
  /** How many events of this type (op, where) exactly; default at least one, the first judged. */
  count?: number;
  /** A schema of schemas/ for the event object, e.g. "events/typing". */
  schema?: string;
  /** Matchers on the event object (paths relative to the event). */
  body?: Assertion[];
  /** The clause (or, in zulip cases, facts) this expectation checks, when not the step's. */
  clause?: string;
  facts?: string[];
}

/** An event that must not come: its type, and optionally its op and fields (as an expectation's `where`). */
export type ForbiddenEvent = Pick<EventExpectation, 'type' | 'op' | 'where' | 'whereMatches'>;

/** Reads a queue until the expected events came or `withinMs` passed (a bounded wait). */
export interface EventsSpec {
  queue: string;
  expect?: EventExpectation[];
  /**
   * Events of which none may arrive (by the time the expected ones did, or the wait ended): a
   * type with the op and fields of the case's own events meant (the spec language requires the
   * fields), since a queue also hears of what other cases running meanwhile change.
   */
  none?: (string | ForbiddenEvent)[];
  /** Whether `expect` must come in this order (default true). */
  ordered?: boolean;
  withinMs?: number;
}

/** An account the run made (a bot), by its address and API key: captures of earlier steps. */
export interface MadeAccount {
  email: string;
  apiKey: string;
}

/** When a step's request is sent again: its success answer matches `while` (a body condition). */
export interface RepeatSpec {
  while: Assertion;
  atMost: number;
}

export interface Step {
  /** A configured role (the file's `caller`, member by default: the loader fills it in), or an account the run made. */
  as?: Role | MadeAccount;
  request: SpecRequest;
  /** An event-queue step: the loader makes its request (POST /register, GET /events). */
  queue?: QueueSpec;
  events?: EventsSpec;
  expect?: Expect;
  /** name -> body path; the value is available to later steps as ${name}. */
  capture?: Record<string, string>;
  /**
   * A fixture the target may be unable to make (e.g. web-public channels): on failure, go on
   * without its captures; so does an optional step needing what such a step did not capture.
   */
  optional?: boolean;
  /**
   * Send the request again while its success answer says to (the document tells the client to
   * repeat: delete_topic's `complete: false`), at most `atMost` times in all; the last answer is
   * judged, and the case's steps report how often it was sent.
   */
  repeat?: RepeatSpec;
  /** Why this step exists, shown in failure messages. */
  note?: string;
  /**
   * The step only prepares what a later step checks (a channel, a message): if it breaks, the
   * case could not be judged (errored), the target has not broken the clauses the case cites.
   */
  setup?: boolean;
}

/**
 * What a client can neither make nor read through the API: "seeded-push-devices" (devices behind
 * push relays in each state, which only the reference server's seeded realm has),
 * "owner-can-change-user-emails" (a permission a server administrator grants outside the API).
 */
export type Requirement = 'seeded-push-devices' | 'owner-can-change-user-emails';

/** A value of an organisation setting as a case names it: a boolean, a value, a system group (role:members). */
export type SettingValue = boolean | string | number;

/**
 * What a case needs of an organisation setting (specs/organisation-settings.yaml): this value,
 * any of these (the first is set where none holds), or a time limit of at least N seconds or none.
 */
export type NeedValue = SettingValue | SettingValue[] | { atLeast: number };

/** Setting name -> what the case needs of it, as a spec file declares it. */
export type Needs = Record<string, NeedValue>;

export type SettingType = 'boolean' | 'time-limit' | 'group' | 'enum';

/** A need resolved against the catalog by the loader: what the run reads, checks and sets. */
export interface SettingNeed {
  /** The PATCH /realm parameter; POST /register shows it as realm_<setting>. */
  setting: string;
  type: SettingType;
  /** The values that will do, the first set where none holds (a time limit's need has atLeast instead). */
  accept?: SettingValue[];
  /** A time limit of at least this many seconds, or none. */
  atLeast?: number;
  /** The feature levels the setting exists at. */
  since?: number;
  until?: number;
  /** Below `since`: the setting it replaced, with the values standing for these. */
  before?: SettingNeed;
}

/** The configured role a step calls as, or null for an account the run made. */
export function roleOf(step: Pick<Step, 'as'>): Role | null {
  return typeof step.as === 'object' ? null : (step.as ?? 'member');
}

export interface Case {
  id: string;
  title: string;
  clauses: string[];
  /** The Zulip facts (specs/zulip-facts.yaml) its zulip-profile checks rest on. */
  facts?: string[];
  /**
   * Set by the loader: the clauses it cites that the document states but shows no way to observe
   * (unobservableUnderSpec): a zulip-profile check of them reads them through Zulip's means.
   */
  unobservable?: string[];
  since?: number;
  /**
   * The last feature level the case holds at: Zulip removed what it relies on at the next one.
   * The loader sets it on a zulip-profile case resting on a fact a later level retired.
   */
  until?: number;
  profile?: 'spec' | 'zulip';
  /** What the case needs and a client can neither make nor read through the API (plan.ts says why). */
  requires?: Requirement[];
  /** Organisation settings the outcome depends on, as declared (the file's `needs` apply too). */
  needs?: Needs;
  /** The file's and the case's needs, resolved by the loader: read before the case, set where they differ, or the case is skipped. */
  settingNeeds?: SettingNeed[];
  /** The organisation settings its own steps change through PATCH /realm (set by the loader): it holds them alone. */
  settingChanges?: string[];
  /**
   * Conditions on the target, read before the steps: where one does not hold (its expectations
   * fail), the case is skipped with the step's note; the target lacks what the case needs.
   */
  assume?: Step[];
  /** Set on the document-side case of a clause the Zulip server contradicts: its failure is a warning. */
  disputed?: string;
  steps: Step[];
  /** Steps that undo what the case changed; they run even when the case fails. */
  cleanup?: Step[];
}

/** A parameter the API document lists for an operation, from a feature level on. */
export type DocumentedParameter = string | { name: string; since: number };

export interface SpecFile {
  /** Absolute or project-relative path, for messages. */
  file: string;
  operation: string;
  title: string;
  /** The feature level the operation appeared at. */
  since?: number;
  /** The operation's documented parameters: never listed in ignored_parameters_unsupported. */
  parameters?: DocumentedParameter[];
  /**
   * Cases change shared state (the caller's own settings): run them one at a time; `per-role`:
   * one at a time per calling account; `per-parameter`: cases sending the same parameter of the
   * file's operation (changing the same setting) take turns; `queue-readers`: a case reading an
   * event queue runs alone among the file's cases, the others side by side.
   */
  serial?: boolean | 'per-role' | 'per-parameter' | 'queue-readers';
  /**
   * Cases change organisation-wide state: run them while no other file's cases run. `true` runs
   * the file alone; a group name lets it run beside the other files of that group (whose changes
   * it does not see), each still one case at a time.
   */
  exclusive?: boolean | string;
  /** Cases of every file (and property) naming this lock run one at a time: they change the same state. */
  lock?: string;
  /**
   * The account a step without its own `as` calls as (default member). Files whose cases need a
   * plain member, whichever, name member2: a server's rate limit counts each account apart.
   */
  caller?: 'member' | 'member2';
  /**
   * Its member and member2 may be any two plain members: the run casts them from every plain
   * member it holds (the extra members too), spreading its requests (runner/spread.ts).
   */
  anyMembers?: boolean;
  /** Its admin may be any administrator: the run casts it from every administrator it holds (CONFORMANCE_EXTRA_ADMINS too). */
  anyAdmins?: boolean;
  /** Its owner may be any owner: the run casts it from every owner it holds (CONFORMANCE_EXTRA_OWNERS too). */
  anyOwners?: boolean;
  /**
   * The cases need what the fixtures made to be this many seconds old (messages past a time
   * limit): the fixtures are made as the run starts, beside other files' cases, and the cases
   * wait for them to age without holding a slot. They must change nothing organisation-wide.
   */
  fixturesAge?: number;
  /** Organisation settings every case of the file needs, as declared (merged into each case's settingNeeds). */
  needs?: Needs;
  fixtures?: Step[];
  cleanup?: Step[];
  cases: Case[];
}
