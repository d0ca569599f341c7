// The reference server's one door: what `serve`, the embedded default of `run`, the package's
// users and the suite's own tests use. The reference server imports nothing outside this folder,
// and nothing of the suite's engine, configuration or reports imports it (tests/unit/layout.test.ts).
export {
  startReferenceServer,
  type ReferenceServer,
  type OwnerOnlyReferenceServer,
  type SeedAccountsOption,
  type ReferenceServerOptions,
  type ReferenceAccount,
  type RoleName,
} from './server.js';
export { QUIRKS, type QuirkName } from './quirks.js';
export { NEWEST_FEATURE_LEVEL, OLDEST_FEATURE_LEVEL } from './core/levels.js';
export type { FlavorName } from './realm/flavor.js';
export { parseRateLimit, type RateLimitRule } from './core/rate-limit.js';
