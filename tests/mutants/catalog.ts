/// <reference types="vite/client" />
// The mutants: servers that each break the API document in one way, and the cases that must
// catch them. A quirk is a switch inside the reference server; a rewrite is a proxy in front.
// One file per area (`*.mutants.ts`, each exporting MUTANTS); every case of specs/ must be
// caught by at least one mutant (mutants.test.ts checks it).
import type { Mutant } from '../support/mutant-helpers.js';

const files = import.meta.glob<{ MUTANTS: Mutant[] }>('./*.mutants.ts', { eager: true });

export const MUTANTS: Mutant[] = Object.values(files).flatMap((file) => file.MUTANTS);
export type { Mutant };
