// A property case: an invariant of the API, checked by fast-check against the target, reported
// like any spec case (id, endpoint, clauses). Definitions are data plus two functions; running
// them is run-property.ts's job, so the suite's own tests can run the same definitions.
import type fc from 'fast-check';
import type { Profile, Role } from '../common/vocabulary.js';
import type { Answer, PropertyApi } from './api.js';
import type { Needs } from '../engine/load/types.js';

export interface PropertyCase<T, S = unknown> {
  id: string;
  endpoint: string;
  title: string;
  clauses: string[];
  /** The Zulip facts its zulip-profile checks rest on. */
  facts?: string[];
  since?: number;
  profile?: Profile;
  /** Roles the property calls as; a missing one skips it. */
  roles: Role[];
  /** Changes organisation-wide state: run while nothing else runs (a group name: as in spec files). */
  exclusive?: boolean | string;
  /** Shares state with the spec files naming this lock key: run one at a time with their cases. */
  lock?: string;
  /** Organisation settings its outcome depends on, as a spec case's `needs:` (specs/organisation-settings.yaml). */
  needs?: Needs;
  /** Runs per property by default; --thorough multiplies it. Kept small: each run is HTTP calls. */
  runs: number;
  /**
   * Its member and member2 may be any two plain members, whichever: the run casts them from every
   * plain member it holds, as a spec file's `anyMembers` (runner/spread.ts).
   */
  anyMembers?: boolean;
  /** Its admin may be any administrator: cast from every administrator the run holds (runner/spread.ts). */
  anyAdmins?: boolean;
  /** About how many requests one run sends, for that spreading (default 2). */
  requestsPerRun?: number;
  /** Makes what every run needs (a channel, a message...) once; its result is passed to each run. */
  setup?: (api: PropertyApi) => Promise<S>;
  teardown?: (api: PropertyApi, state: S) => Promise<void>;
  arbitrary: (state: S) => fc.Arbitrary<T>;
  /** One run: throws PropertyViolation when the invariant breaks. */
  check: (api: PropertyApi, value: T, state: S) => Promise<void>;
}

/** What a violation is about, when the property knows better than "its clauses, the last call". */
export interface ViolationAbout {
  /** The clause it breaks (one of the property's). */
  clause?: string;
  /** The call whose answer broke it; its operation is where the failure is filed. */
  answer?: Answer;
  /** A check of the zulip profile (a read-back the document does not show). */
  zulip?: boolean;
  /** The feature level of what was checked, when it is newer than the property's (a parameter of a later level). */
  since?: number;
}

/** The invariant does not hold: the message says expected and got. */
export class PropertyViolation extends Error {
  constructor(
    message: string,
    readonly about: ViolationAbout = {},
  ) {
    super(message);
  }
}

// Keeps the generic parameters at the definition site.
export function defineProperty<T, S = undefined>(def: PropertyCase<T, S>): PropertyCase<T, S> {
  return def;
}

/** A value as it appears in a property's failure message. */
export const show = (value: unknown): string => JSON.stringify(value);

/** What an answer says, for a message: "success", or error "CODE" "msg", or the body itself. */
export function outcome(body: Record<string, unknown>): string {
  if (body.result === 'success') return '"success"';
  if (body.result === 'error') return `error ${show(body.code)} ${show(body.msg)}`;
  return `the body ${show(body).slice(0, 160)}`;
}

export function violated(condition: boolean, message: () => string, about?: ViolationAbout): void {
  if (!condition) throw new PropertyViolation(message(), about);
}
