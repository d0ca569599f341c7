// --baseline B.json: failures B already had are known (shown, not fatal); failures B did not
// have are regressions (they fail the run); B's failures that now pass are improvements.
import type { BaselineSection, ConformanceReport, ReportCase } from './model.js';
import { isBroken } from './groups.js';

export function compareWithBaseline(cases: ReportCase[], baseline: ConformanceReport, file: string): BaselineSection {
  const before = new Map(baseline.cases.map((c) => [c.id, c.status]));
  const wasBroken = (id: string) => {
    const status = before.get(id);
    return status === 'failed' || status === 'errored';
  };
  const section: BaselineSection = { file, knownFailures: [], regressions: [], improvements: [] };
  for (const c of cases) {
    if (isBroken(c)) {
      const known = wasBroken(c.id);
      (known ? section.knownFailures : section.regressions).push(c.id);
      c.baseline = known ? 'known' : 'regression';
    } else if (c.status === 'passed' && wasBroken(c.id)) {
      section.improvements.push(c.id);
      c.baseline = 'improvement';
    }
  }
  return section;
}
