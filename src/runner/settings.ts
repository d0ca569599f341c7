// What the CLI hands to the workers that run the cases (through vitest's provide/inject):
// plain, serialisable data only.
import type { Account, Profile, Role, Shard } from '../config.js';
import type { CreatedResource } from '../engine/created-resources.js';

export interface RunSettings {
  targetUrl: string;
  profile: Profile;
  featureLevel: number;
  /** What the target says of itself, for the report. */
  claimedFeatureLevel: number | null;
  /** zulip_version the target reports; "reference" is the reference server and its seeded realm. */
  serverVersion?: string | null;
  timeoutMs: number;
  concurrency: number;
  /** Short and unique per run: every name the run creates ends with it. */
  runId: string;
  accounts: Partial<Record<Role, Account & { userId: number }>>;
  /** Operation -> the parameters the document lists for it at the judged feature level. */
  documentedParameters?: Record<string, string[]>;
  /** Clauses where the document and the Zulip server disagree (their checks warn under spec). */
  disputedClauses?: string[];
  /** Limits and display names from POST /register, when the target answered it. */
  register: Record<string, unknown>;
  grep: string | null;
  operations: string[];
  clauses: string[];
  seed: number | null;
  /** fast-check path to replay, for the property whose id is `grep`. */
  replayPath?: string | null;
  /** Multiplier of every property's default number of runs. */
  propertyFactor: number;
  /** --shard i/n: only the spec files of this shard run. */
  shard?: Shard | null;
  /** --har: each worker appends its redacted exchanges to a JSONL file in this directory. */
  harDir?: string | null;
  /**
   * The ledger of what the run creates (`cleanup --ledger F` removes a crashed run's leftovers),
   * and the declarations of what creates what (specs/created-resources.yaml).
   */
  ledger?: { file: string; resources: CreatedResource[] } | null;
  /** The BroadcastChannel on which the CLI announces Ctrl-C: from then on, cases not yet started are skipped. */
  stopChannel?: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformance: RunSettings;
    /** The spec files, loaded and validated once by the CLI (YAML parsing is the costly part). */
    specs: import('../engine/types.js').SpecFile[];
    /** Absolute paths of the property files to import. */
    propertyFiles: string[];
  }
}
