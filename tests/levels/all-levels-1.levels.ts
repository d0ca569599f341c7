// `npm run levels`, stretch 1 of the levels (tests/levels/all-levels.ts tells what is proven).
import { proveStretch } from './all-levels.js';

proveStretch(0);
