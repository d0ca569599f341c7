// `validate-response --operation "GET /streams" --status 200 FILE`: checks one recorded answer
// body against the operation's schemas, without running the suite. The schema of a success is
// the one the operation's spec file checks its successful calls with; an error is checked
// against the error envelope. Exit 0 valid, 1 invalid (the reasons, one per line).
import { readFileSync } from 'node:fs';
import { ConfigError } from '../common/vocabulary.js';
import { loadSuite } from '../engine/load/load.js';
import { envelopeFindings } from '../engine/judge/envelope-checks.js';
import { findingMessage } from '../engine/judge/failure.js';
import { schemaErrors, schemaValidator } from '../engine/judge/schemas.js';
import type { SpecFile } from '../engine/load/types.js';

/** The schema a successful answer of the operation is checked with in its spec file. */
export function successSchema(specs: SpecFile | SpecFile[]): string {
  const files = Array.isArray(specs) ? specs : [specs];
  const method = files[0].operation.split(' ')[0];
  for (const c of files.flatMap((spec) => spec.cases)) {
    for (const step of c.steps) {
      if (step.request.method === method && step.expect?.result === 'success' && step.expect.schema) return step.expect.schema;
    }
  }
  return 'envelope';
}

export function validateResponse(operation: string, status: number, text: string): { schema: string; problems: string[] } {
  const specs = loadSuite().specs.filter((s) => s.operation === operation);
  if (!specs.length) {
    const known = [...new Set(loadSuite().specs.map((s) => s.operation))].sort().join(', ');
    throw new ConfigError(`--operation "${operation}": not an operation of the API document (${known})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { schema: '(none)', problems: [`the body is not JSON: ${(error as Error).message}`] };
  }
  const schema = status >= 400 ? 'error-envelope' : successSchema(specs);
  const envelope = envelopeFindings({ status, headers: {}, text, json }).map((f) => `[${f.clause}] ${findingMessage(f)}`);
  const validate = schemaValidator(schema);
  const problems = [...envelope, ...(validate(json) ? [] : schemaErrors(validate.errors, json, 20))];
  return { schema, problems: [...new Set(problems)] };
}

export function validateResponseCommand(operation: string, statusText: string, file: string, out: (line: string) => void): number {
  const status = Number(statusText);
  if (!Number.isInteger(status) || status < 100 || status > 599) throw new ConfigError(`--status: expected an HTTP status, got "${statusText}"`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`${file}: ${(error as Error).message}`);
  }
  const { schema, problems } = validateResponse(operation, status, text);
  if (!problems.length) {
    out(`valid: ${file} is a conforming ${operation} answer (HTTP ${status}, schema ${schema})`);
    return 0;
  }
  out(`invalid: ${file} as a ${operation} answer (HTTP ${status}, schema ${schema}):`);
  for (const problem of problems) out(`  ${problem}`);
  return 1;
}
