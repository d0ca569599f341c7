// `npm run proofs`, last step: the coverage tables of docs/coverage.md from the proofs just written.
import { writeCoveragePage } from './coverage-page.js';

writeCoveragePage();
