// Judges one answer against a step's expectations; returns every broken expectation.
import { isDeepStrictEqual } from 'node:util';
import type { Exchange } from '../http/client.js';
import type { Profile } from '../config.js';
import type { Expect } from './types.js';
import { MATCHERS, show } from './matchers.js';
import { resolvePath } from './body-path.js';
import { schemaErrors, schemaValidator } from './schemas.js';
import { envelopeFailures, type CheckFailure } from './envelope-checks.js';

export function judge(response: NonNullable<Exchange['response']>, expect: Expect | undefined, profile: Profile): CheckFailure[] {
  const failures = envelopeFailures(response);
  if (response.json === undefined || !expect) return failures;
  const body = response.json as Record<string, unknown>;
  failures.push(...judgeExpect(response.status, body, expect, null));
  if (profile === 'zulip' && expect.zulip) failures.push(...judgeExpect(response.status, body, expect.zulip, 'zulip'));
  return failures;
}

function judgeExpect(status: number, body: Record<string, unknown>, expect: Expect, tag: string | null): CheckFailure[] {
  const out: CheckFailure[] = [];
  const fail = (message: string, clause = '') => out.push({ clause, message: tag ? `${message} [${tag} profile]` : message });
  if (expect.result && body.result !== expect.result) {
    const detail = body.result === 'error' ? ` (code ${show(body.code)}, msg ${show(body.msg)})` : '';
    fail(`expected result "${expect.result}", got ${show(body.result)}${detail}`);
    return out; // the rest of the expectations describe the other outcome
  }
  if (expect.code && body.code !== expect.code) fail(`expected code "${expect.code}", got ${show(body.code)} (msg ${show(body.msg)})`);
  if (expect.status && status !== expect.status) fail(`expected HTTP ${expect.status}, got HTTP ${status}`);
  if (expect.schema) {
    const validate = schemaValidator(expect.schema);
    if (!validate(body)) fail(`body does not match schema ${expect.schema}: ${schemaErrors(validate.errors).join('; ')}`);
  }
  if (expect.ignoredParams) {
    const got = body.ignored_parameters_unsupported;
    const want = [...expect.ignoredParams].sort();
    const sorted = Array.isArray(got) ? [...got].sort() : got;
    if (!isDeepStrictEqual(sorted, want)) {
      fail(`"ignored_parameters_unsupported": expected exactly ${show(want)}, got ${show(got)}`, 'conv.ignored-params');
    }
  }
  for (const assertion of expect.body ?? []) {
    const got = resolvePath(body, assertion.path);
    for (const [name, want] of Object.entries(assertion)) {
      if (name === 'path') continue;
      const problem = MATCHERS[name](got, want);
      if (problem) fail(`${assertion.path}: ${problem}`);
    }
  }
  return out;
}
