// Executes a list of steps against the target: interpolate, send, judge, capture.
// Stops at the first step that breaks an expectation, since later steps build on it.
import type { Account, Profile, Role } from '../config.js';
import type { ApiClient, Exchange } from '../http/client.js';
import { encodeParam, type Params } from '../http/encode.js';
import { resolvePath } from './body-path.js';
import { interpolate, InterpolationError, type Vars } from './interpolate.js';
import { judge } from './judge.js';
import type { CheckFailure } from './envelope-checks.js';
import type { Step } from './types.js';

export interface TargetContext {
  client: ApiClient;
  accounts: Partial<Record<Role, Account & { userId: number }>>;
  profile: Profile;
}

export interface StepRecord {
  index: number;
  exchange: Exchange;
  failures: CheckFailure[];
  summary: string;
}

export type StepsOutcome =
  | { status: 'passed'; records: StepRecord[]; vars: Vars }
  | { status: 'failed'; records: StepRecord[]; vars: Vars; failures: CheckFailure[]; summary: string }
  | { status: 'errored'; records: StepRecord[]; vars: Vars; cause: string };

const DEFAULT_ROLE: Role = 'member';

export async function runSteps(steps: Step[], ctx: TargetContext, initial: Vars, caseId?: string): Promise<StepsOutcome> {
  const vars: Vars = { ...initial };
  const records: StepRecord[] = [];
  for (const [index, step] of steps.entries()) {
    const role = step.as ?? DEFAULT_ROLE;
    let params: Params;
    let path: string;
    let expect: Step['expect'];
    try {
      params = interpolate(step.request.params ?? {}, vars);
      path = interpolate(step.request.path, vars);
      expect = interpolate(step.expect, vars);
    } catch (error) {
      if (error instanceof InterpolationError) return { status: 'errored', records, vars, cause: `step ${index + 1}: ${error.message}` };
      throw error;
    }
    const account = ctx.accounts[role];
    if (!account) return { status: 'errored', records, vars, cause: `step ${index + 1}: no ${role} account configured` };
    const auth = step.request.auth === 'none' ? null
      : step.request.auth === 'bad' ? { email: account.email, apiKey: `wrong-${account.apiKey.length}-key`, role }
      : { ...account, role };
    const exchange = await ctx.client.send({ method: step.request.method, path, params, auth, encoding: step.request.encoding, files: step.request.files, trace: caseId ? { caseId, step: index + 1 } : undefined });
    const summary = describeRequest(role, step.request.method, path, params, step.request.auth);
    if (exchange.error) {
      records.push({ index, exchange, failures: [], summary });
      if (step.optional) continue;
      return { status: 'errored', records, vars, cause: `${exchange.error.kind}: ${exchange.error.message} (${summary})` };
    }
    if (exchange.response!.status === 429) {
      // Still rate limited after the client waited it out: the server is not judged for it.
      records.push({ index, exchange, failures: [], summary });
      return { status: 'errored', records, vars, cause: `rate limited: HTTP 429 after ${exchange.rateLimitRetries ?? 0} retries (${summary})` };
    }
    const failures = judge(exchange.response!, expect, ctx.profile);
    if (!failures.length && step.capture) {
      for (const [name, from] of Object.entries(step.capture)) {
        const got = resolvePath(exchange.response!.json, interpolate(from, vars));
        if (!got.found) failures.push({ clause: '', message: `expected ${from} in the answer (to capture ${name}), it is missing` });
        else vars[name] = got.value;
      }
    }
    records.push({ index, exchange, failures, summary });
    if (failures.length && !step.optional) return { status: 'failed', records, vars, failures, summary };
  }
  return { status: 'passed', records, vars };
}

/** "as member, POST /users/me/status status_text="hi"" with long values shortened. */
export function describeRequest(role: string, method: string, path: string, params: Params, auth?: string): string {
  const shown = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      const text = encodeParam(v!);
      const chars = [...text];
      return `${k}=${chars.length > 24 ? `${JSON.stringify(chars.slice(0, 12).join(''))}...(${chars.length} chars)` : JSON.stringify(text)}`;
    });
  const who = auth === 'none' ? 'without credentials' : auth === 'bad' ? `as ${role} with a wrong API key` : `as ${role}`;
  return `${who}, ${method} ${path}${shown.length ? ` ${shown.join(' ')}` : ''}`;
}
