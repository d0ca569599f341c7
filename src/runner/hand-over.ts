// The hand-over of a run from the CLI's thread to the vitest workers that run its cases: one
// typed value, plain serialisable data only. The CLI wraps it with handOver() for vitest's
// `provide`; the worker's entry takes it back with receiveHandOver(). Both sides go through this
// module, so a reader (or go-to-definition) follows the run's settings from one to the other.
// Types only from vitest: the CLI's thread must not load vitest's test runtime.
import type { inject } from 'vitest';
import type { Account, ExtraAccount, Profile, Role, Shard } from '../common/vocabulary.js';
import type { CreatedResource } from '../engine/load/created-resources.js';
import type { ChangeDeclaration } from '../engine/load/changed-settings.js';
import type { SpecFile } from '../engine/load/types.js';
import type { OrganisationSetting } from '../engine/load/organisation-settings.js';
import type { KindChecks } from '../engine/load/statement-kinds.js';

export interface RunSettings {
  targetUrl: string;
  profile: Profile;
  featureLevel: number;
  /** What the target says of itself, for the report. */
  claimedFeatureLevel: number | null;
  /** zulip_version the target reports; "reference" is the reference server and its seeded realm. */
  serverVersion?: string | null;
  /**
   * The target is the reference server offering its shortcuts (its zulip_version is "reference")
   * and the accounts are its seeded ones: the run may use its seeded realm.
   */
  referenceSeed: boolean;
  /** The reference server's shortcut to age messages instead of waiting (default: as referenceSeed). */
  referenceClock?: boolean;
  /** The owner account holds can_change_user_emails (configured: no read shows it). */
  ownerCanChangeUserEmails?: boolean;
  timeoutMs: number;
  concurrency: number;
  /** Short and unique per run: every name the run creates ends with it. */
  runId: string;
  accounts: Partial<Record<Role, Account & { userId: number }>>;
  /**
   * The extra accounts (CONFORMANCE_EXTRA_MEMBERS, _ADMINS, _OWNERS), over which the files marked
   * anyMembers, anyAdmins or anyOwners (and the properties marked anyMembers) are cast.
   */
  extras?: ExtraAccount[];
  /** Operation -> the parameters the document lists for it at the judged feature level. */
  documentedParameters?: Record<string, string[]>;
  /** Clauses where the document and the Zulip server disagree (their checks warn under spec). */
  disputedClauses?: string[];
  /** The statement kinds' generic checks, from the catalog (units, optional parameters, defaults, not-affected). */
  kinds?: KindChecks;
  /** What creates what (specs/created-resources.yaml): the generic checks know what the run made. */
  resources?: CreatedResource[];
  /** Limits and display names from POST /register, when the target answered it. */
  register: Record<string, unknown>;
  grep: string | null;
  operations: string[];
  clauses: string[];
  seed: number | null;
  /** fast-check path to replay, for the property whose id is `grep`. */
  replayPath?: string | null;
  /**
   * The exclusive groups go as early as they can, not last: the target states a rate limit that
   * bounds the run (property/budget.ts limitBoundsRun), so the groups' administrator and owner
   * requests leave while those windows are fresh. Without one, latency bounds the run, and the
   * groups go once every other case is done, so nothing waits behind their few cases at a time.
   */
  groupsFirst?: boolean;
  /** Multiplier of every property's default number of runs. */
  propertyFactor: number;
  /** Why the factor is not 1 (--property-factor, --thorough, the target's rate limit); null when it is. */
  propertyBudgetReason?: string | null;
  /** --shard i/n: only the spec files of this shard run. */
  shard?: Shard | null;
  /** --har: each worker appends its redacted exchanges to a JSONL file in this directory. */
  harDir?: string | null;
  /**
   * The ledger of what the run creates and changes (`cleanup --ledger F` removes a crashed run's
   * leftovers and puts back what it changed), and the declarations of what creates what
   * (specs/created-resources.yaml) and changes what (specs/changed-settings.yaml).
   */
  ledger?: { file: string; resources: CreatedResource[]; changes?: ChangeDeclaration[] } | null;
  /** Where the worker writes what its requests cost (src/http/request-cost.ts) when it closes. */
  costFile?: string | null;
  /** The BroadcastChannel on which the CLI announces Ctrl-C: from then on, cases not yet started are skipped. */
  stopChannel?: string | null;
}

/** Everything a worker needs to run its cases. */
export interface HandOver {
  settings: RunSettings;
  /** The spec files, loaded and validated once by the CLI (YAML parsing is the costly part). */
  specs: SpecFile[];
  /** Absolute paths of the property files to import. */
  propertyFiles: string[];
  /** The organisation settings catalog (specs/organisation-settings.yaml), loaded by the CLI: the properties' needs. */
  organisationSettings: OrganisationSetting[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformanceRun: HandOver;
  }
}

/** vitest's `provide` option carrying the run to the workers (the CLI's side). */
export function handOver(run: HandOver): { conformanceRun: HandOver } {
  return { conformanceRun: run };
}

/** The run the CLI handed over (the worker's side, passing vitest's `inject`). */
export function receiveHandOver(injected: typeof inject): HandOver {
  return injected('conformanceRun');
}
