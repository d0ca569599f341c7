// The not-affected kind's check: where the document says a change leaves some state as it was
// ("existing users are not modified", "only the parameters passed change"), the engine reads that
// state before and after each change a case citing the clause makes, on every account the run
// holds (the caller included) or on the caller, as the catalog's readBack says, and compares.
import { isDeepStrictEqual } from 'node:util';
import type { Account, Role } from '../../common/vocabulary.js';
import type { ApiClient } from '../../http/client.js';
import { rateLimitCause } from '../../http/limit-learner.js';
import type { Params } from '../../http/encode.js';
import type { NotAffectedCheck } from '../load/statement-kinds.js';
import { resolvePath, type Resolved } from '../judge/body-path.js';
import type { Judged } from '../judge/judge.js';
import { show } from '../judge/matchers.js';
import { interpolate, type Vars } from './interpolate.js';

/** The values a read showed, per parameter, as one account. */
export interface ReadValues {
  role: Role;
  values: Record<string, Resolved>;
}

/** Which parameters' values to compare: those the change passed, or the operation's others (groups kept whole). */
export function comparedParameters(check: NotAffectedCheck, sent: Readonly<Record<string, unknown>>): string[] {
  const passed = new Set(Object.keys(sent).filter((name) => sent[name] !== undefined && check.parameters.includes(name)));
  for (const group of check.readBack.together ?? []) if (group.some((name) => passed.has(name))) group.forEach((name) => passed.add(name));
  return check.readBack.parameters === 'passed' ? [...passed] : check.parameters.filter((name) => !passed.has(name));
}

/** The accounts to read: every one the run holds, in a stable order, or the caller. */
export function accountsRead(check: NotAffectedCheck, caller: Role, accounts: Partial<Record<Role, unknown>>): Role[] {
  return check.readBack.accounts === 'caller' ? [caller] : (Object.keys(accounts) as Role[]).sort();
}

type Sender = Pick<ApiClient, 'send'>;

/** A read the target answered without success (or not in JSON): it refused what the check reads through. */
export interface ReadRefused {
  refused: string;
}

/**
 * Reads the compared values as one account; a read that got no answer is a cause (a string), one
 * the target refused is a ReadRefused: the caller decides which of the two the case can be judged on.
 */
export async function readAs(
  client: Sender,
  check: NotAffectedCheck,
  role: Role,
  account: Account & { userId: number },
  names: readonly string[],
  vars: Vars,
  trace?: { caseId: string; step: number },
): Promise<ReadValues | ReadRefused | string> {
  const scope = { ...vars, account: { user_id: account.userId, email: account.email } };
  const request = check.readBack.request;
  const exchange = await client.send({
    method: request.method,
    path: interpolate(request.path, scope),
    params: interpolate((request.params ?? {}) as Params, scope),
    auth: { ...account, role },
    ...(trace ? { trace } : {}),
  });
  const body = exchange.response?.json as Record<string, unknown> | undefined;
  const what = `reading back ${request.method} ${request.path} as ${role} for ${check.clause}`;
  if (exchange.error) return `${what}: ${exchange.error.kind}: ${exchange.error.message}`;
  const limited = rateLimitCause(exchange);
  if (limited) return `${what}: ${limited}`;
  if (body?.result !== 'success') return { refused: `${what}: answer ${show(body)}` };
  const values: Record<string, Resolved> = {};
  for (const name of names) values[name] = resolvePath(body, check.readBack.value.replaceAll('{parameter}', name));
  // A read through POST /register opened an event queue: closed at once, or it would collect
  // every later event on the server (two reads per account and check, every run).
  if (request.method === 'POST' && request.path === '/register' && typeof body.queue_id === 'string') {
    await client.send({ method: 'DELETE', path: '/events', params: { queue_id: body.queue_id }, auth: { ...account, role } });
  }
  return { role, values };
}

/** What changed between two reads of the same accounts: each a failure of the check's clause. */
export function changesOf(check: NotAffectedCheck, caller: Role, before: readonly ReadValues[], after: readonly ReadValues[]): Judged[] {
  const out: Judged[] = [];
  const zulip = check.readBack.facts ? { profile: 'zulip' as const, facts: check.readBack.facts } : {};
  for (const was of before) {
    const now = after.find((a) => a.role === was.role);
    for (const [name, then] of Object.entries(was.values)) {
      const later = now?.values[name];
      // Stryker disable next-line ConditionalExpression: equivalent: a field found holds a JSON value, never undefined as a missing one does
      if (!later || (then.found === later.found && isDeepStrictEqual(then.value, later.value))) continue;
      const path = check.readBack.value.replaceAll('{parameter}', name);
      const who = `as ${was.role}${was.role === caller ? ', the caller' : ''}`;
      const expected = `${then.found ? show(then.value) : 'nothing'}, as before the change`;
      const actual = later.found ? show(later.value) : 'nothing (the field is gone)';
      out.push({
        clause: check.clause,
        clauses: [check.clause],
        ...zulip,
        check: 'not-affected',
        path,
        expected,
        actual,
        message: `${path} (${who}): expected ${expected}, got ${actual}`,
      });
    }
  }
  return out;
}
