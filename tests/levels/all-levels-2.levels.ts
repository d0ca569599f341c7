// `npm run levels`, stretch 2 of the levels (tests/levels/all-levels.ts tells what is proven).
import { proveStretch } from './all-levels.js';

proveStretch(1);
