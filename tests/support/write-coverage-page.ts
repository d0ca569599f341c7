// `npm run proofs`, last step: the coverage tables of docs/coverage.md from the proofs just written,
// and the counts a reader looks for first: the members of the clauses about a set, and the places
// in events each statement kind reaches.
import { loadSuite } from '../../src/engine/load/load.js';
import { loadProofs } from '../../src/report/model/proofs.js';
import { writeCoveragePage } from './coverage-page.js';
import { attributionLine } from './attribution.js';
import { kindCoverage } from './kind-coverage.js';
import { memberCoverage } from './member-coverage.js';

writeCoveragePage();
const suite = loadSuite();
const proofs = loadProofs();
const sets = memberCoverage(suite, proofs);
const sum = (f: (k: (typeof sets)[number]) => number) => sets.reduce((n, k) => n + f(k), 0);
console.log(
  `clauses about a set: ${sets.length}; members ${sum((k) => k.members.length)}, exercised ${sum((k) => k.exercised.size)}, proven by a mutant breaking them alone ${sum((k) => k.proven.size)}`,
);
for (const k of kindCoverage(suite).filter((k) => k.events.places.length))
  console.log(`statement kind ${k.kind}: places in events covered ${k.events.covered.length} / ${k.events.places.length}`);
if (proofs.attribution) console.log(`Attribution over ${proofs.attribution.mutants} mutants: ${attributionLine(proofs.attribution)}`);
