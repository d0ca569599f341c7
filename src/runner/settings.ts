// What the CLI hands to the workers that run the cases (through vitest's provide/inject):
// plain, serialisable data only.
import type { Account, Profile, Role } from '../config.js';

export interface RunSettings {
  targetUrl: string;
  profile: Profile;
  featureLevel: number;
  /** What the target says of itself, for the report. */
  claimedFeatureLevel: number | null;
  timeoutMs: number;
  concurrency: number;
  /** Short and unique per run: every name the run creates ends with it. */
  runId: string;
  accounts: Partial<Record<Role, Account & { userId: number }>>;
  /** Limits and display names from POST /register, when the target answered it. */
  register: Record<string, unknown>;
  grep: string | null;
  operations: string[];
  clauses: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformance: RunSettings;
  }
}
