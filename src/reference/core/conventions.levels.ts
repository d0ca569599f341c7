// The common conventions' levels (core/levels.ts reads these tables; each level is the fact
// zulip.level.<N>, from Zulip's api_docs/changelog.md).
import type { LevelTable } from './levels.js';

export const CONVENTIONS_LEVELS: LevelTable = {
  behaviours: {
    // Every endpoint lists ignored_parameters_unsupported from 167 (Versioning 3).
    'ignored parameters listed': 167,
    // The deprecated aliases of PATCH /settings list them since they became aliases.
    'ignored parameters listed by the settings aliases': 80,
  },
};
