// The not-affected kind's check: where the document says a change leaves some state as it was
// ("existing users are not modified", "only the parameters passed change"), the engine reads that
// state before and after each change a case citing the clause makes, on every account the run
// holds (the caller included) or on the caller, as the catalog's readBack says, and compares.
// Another client may change the same state meanwhile (a person, a second run against the same
// server): the run's own cases are kept away by its locks (the accounts a case reads are held for
// its length, accountsHeld), and a difference is read once more before it fails: one that is gone
// again, or (for the values the change passed) one that is not the value the change sent, is
// someone else's change, not the server's.
import { isDeepStrictEqual } from 'node:util';
import type { Account, Role } from '../../common/vocabulary.js';
import type { ApiClient } from '../../http/client.js';
import { rateLimitCause } from '../../http/limit-learner.js';
import type { Params } from '../../http/encode.js';
import type { NotAffectedCheck } from '../load/statement-kinds.js';
import { roleOf, type Case } from '../load/types.js';
import { resolvePath, type Resolved } from '../judge/body-path.js';
import { notAffectedFailure, unreadFailure, type Judged } from '../judge/failure.js';
import { show } from '../judge/matchers.js';
import { interpolate, type Vars } from './interpolate.js';
import type { KindContext } from './kind-context.js';

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

/**
 * The accounts a case's not-affected checks read: the run holds them, alone, for the length of
 * the case, so none of its other cases changes them between the reads (every configured account
 * for a check that reads them all, the caller for one that reads the caller).
 */
export function accountsHeld(c: Case, kinds: KindContext, configured: readonly Role[]): Role[] {
  const held = new Set<Role>();
  for (const step of c.steps) {
    if (step.events || step.setup || !step.request) continue;
    const operation = kinds.operationOf(step.request.method, step.request.path);
    const role = roleOf(step);
    // A step of an account the run made gets no generic checks.
    for (const check of operation && role ? kinds.notAffected(operation) : []) {
      if (!c.clauses.includes(check.clause)) continue;
      for (const r of check.readBack.accounts === 'caller' ? [role!] : configured) held.add(r);
    }
  }
  return [...held].filter((r) => configured.includes(r)).sort();
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

const same = (a: Resolved | undefined, b: Resolved | undefined) => a?.found === b?.found && isDeepStrictEqual(a?.value, b?.value);

/** A value read is the value sent (a JSON value, or its text as a form sends it). */
const isSent = (read: Resolved | undefined, sent: unknown) =>
  read?.found === true &&
  (isDeepStrictEqual(read.value, sent) ||
    ((typeof sent === 'string' || typeof sent === 'number' || typeof sent === 'boolean') && String(read.value) === String(sent)));

/**
 * What changed between two reads of the same accounts, each a failure of the check's clause. With
 * `again` (a third read, made because the second differed), only what it confirms: still changed,
 * and, for the values the change passed, changed to the value sent (`sent`).
 */
export function changesOf(
  check: NotAffectedCheck,
  caller: Role,
  before: readonly ReadValues[],
  after: readonly ReadValues[],
  again?: { reads: readonly ReadValues[]; sent: Readonly<Record<string, unknown>> },
): Judged[] {
  const out: Judged[] = [];
  const tag = check.readBack.facts ? { profile: 'zulip' as const, facts: check.readBack.facts } : {};
  for (const was of before) {
    const now = after.find((a) => a.role === was.role);
    const third = again?.reads.find((a) => a.role === was.role);
    for (const [name, then] of Object.entries(was.values)) {
      const changed = now?.values[name];
      // Stryker disable next-line ConditionalExpression: equivalent: a field found holds a JSON value, never undefined as a missing one does
      if (!changed || same(then, changed)) continue;
      let later = changed;
      if (again) {
        later = third?.values[name] as Resolved;
        if (!later || same(then, later)) continue;
        if (check.readBack.parameters === 'passed' ? !isSent(later, again.sent[name]) : !same(changed, later)) continue;
      }
      const path = check.readBack.value.replaceAll('{parameter}', name);
      const who = `as ${was.role}${was.role === caller ? ', the caller' : ''}`;
      const expected = `${then.found ? show(then.value) : 'nothing'}, as before the change`;
      const actual = later.found ? show(later.value) : 'nothing (the field is gone)';
      out.push(notAffectedFailure(check.clause, tag, { path, expected, actual, message: `${path} (${who}): expected ${expected}, got ${actual}` }));
    }
  }
  return out;
}

/** What the check needs of the target: its client and the run's accounts. */
export interface ReadTarget {
  client: Sender;
  accounts: Partial<Record<Role, Account & { userId: number }>>;
}

/**
 * The not-affected checks around one change: `before` reads what they protect (a cause, a string,
 * when a read got no answer), `after` reads it again and judges, reading once more what differs.
 * A read the target refuses errs the step too, unless the read is of a later level than the case
 * (its `since`): then the target lacks what that level added, and the failure counts at that level
 * (a target judged above its own level fails there only).
 */
export function notAffectedWatch(
  target: ReadTarget,
  checks: readonly NotAffectedCheck[],
  caller: Role,
  sent: Params,
  vars: Vars,
  trace?: { caseId: string; step: number },
) {
  const watches: { check: NotAffectedCheck; before: ReadValues[] }[] = [];
  const unread: Judged[] = [];
  const read = async (check: NotAffectedCheck, names: string[]): Promise<ReadValues[] | string | null> => {
    const reads = await Promise.all(
      accountsRead(check, caller, target.accounts).map((r) => readAs(target.client, check, r, target.accounts[r]!, names, vars, trace)),
    );
    const unanswered = reads.find((r): r is string => typeof r === 'string');
    if (unanswered) return unanswered;
    const refused = reads.find((r): r is ReadRefused => typeof r === 'object' && 'refused' in r);
    if (!refused) return reads as ReadValues[];
    if (check.readBack.since === undefined) return refused.refused;
    const tag = check.readBack.facts ? { profile: 'zulip' as const, facts: check.readBack.facts } : {};
    const message = `${refused.refused}: the read of feature level ${check.readBack.since} is refused, so the check cannot be made`;
    unread.push(unreadFailure(check.clause, tag, message, check.readBack.since));
    return null;
  };
  return {
    async before(): Promise<string | null> {
      for (const check of checks) {
        const names = comparedParameters(check, sent);
        if (!names.length) continue;
        const before = await read(check, names);
        if (typeof before === 'string') return before;
        if (before) watches.push({ check, before });
      }
      return null;
    },
    async after(): Promise<Judged[] | string> {
      const found: Judged[] = [];
      for (const { check, before } of watches) {
        const names = Object.keys(before[0].values);
        const now = await read(check, names);
        if (typeof now === 'string') return now;
        if (!now || !changesOf(check, caller, before, now).length) continue;
        const again = await read(check, names);
        if (typeof again === 'string') return again;
        if (again) found.push(...changesOf(check, caller, before, now, { reads: again, sent }));
      }
      return [...found, ...unread];
    },
  };
}
