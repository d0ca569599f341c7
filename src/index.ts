// The package's programmatic entry (`import ... from 'teamchat-conformance'`): the command line
// as a function, the embedded reference server for a project's own tests, and the report format
// (schemas/conformance-report.schema.json describes conformance.json for other languages).
export { main } from './cli.js';
export {
  startReferenceServer,
  type ReferenceServer,
  type ReferenceServerOptions,
  type OwnerOnlyReferenceServer,
  type SeedAccountsOption,
  type RateLimitRule,
} from './reference/index.js';
export { readReport } from './report/model/read-report.js';
export type { ConformanceReport, ReportCase, ClauseEntry, Summary, Target, Verdict } from './report/model/model.js';
export { TOOL } from './common/tool.js';
