// `npm run proofs`, last step: the coverage tables of docs/coverage.md from the proofs just written.
import { writeCoveragePage } from './coverage-page.js';
import { loadProofs } from '../../src/report/model/proofs.js';
import { attributionLine } from './attribution.js';

writeCoveragePage();
const { attribution } = loadProofs();
if (attribution) console.log(`Attribution over ${attribution.mutants} mutants: ${attributionLine(attribution)}`);
