// `npm run proofs`, last step: the README's coverage tables from the proofs just written.
import { writeReadmeCoverage } from './readme-coverage.js';

writeReadmeCoverage();
