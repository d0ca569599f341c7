// conformance.json as the tests read it: parsed, then checked against
// schemas/conformance-report.schema.json, so every report a test writes also proves the format
// other tools rely on.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileOnce } from '../../src/common/ajv.js';
import { schemaErrors } from '../../src/engine/judge/schemas.js';
import { projectPath } from '../../src/common/paths.js';

const validate = compileOnce(JSON.parse(readFileSync(projectPath('schemas', 'conformance-report.schema.json'), 'utf8')));

/** Why the value is not a conformance.json of formatVersion 1 ("cases[3].status: must be ..."); none when it is. */
export function reportFormatProblems(report: unknown): string[] {
  return validate(report) ? [] : schemaErrors(validate.errors, report, 20);
}

/** Throws, naming every problem, unless the value matches the report's schema. */
export function assertReportFormat(report: unknown, where = 'the report'): void {
  const problems = reportFormatProblems(report);
  if (problems.length) throw new Error(`${where} does not match schemas/conformance-report.schema.json:\n  ${problems.join('\n  ')}`);
}

/** The conformance.json in a report directory (or at a path), checked against the schema. */
export function readReportFile(dirOrFile: string): any {
  const file = statSync(dirOrFile).isDirectory() ? join(dirOrFile, 'conformance.json') : dirOrFile;
  const report: unknown = JSON.parse(readFileSync(file, 'utf8'));
  assertReportFormat(report, file);
  return report;
}
