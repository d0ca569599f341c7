// The statement kinds' generic checks around one step of a case: they need no case to name
// them, only the catalog's kind data (KindContext). Before the request: a default the case
// compares is sent explicitly (the twin run), and what a not-affected clause protects is read.
// After the answer: timestamps against the run's clock, the values of enumerations
// (kind-places.ts), the optional clauses of what a refused success step left out, and the
// not-affected read again.
import type { Account, Profile, Role } from '../../common/vocabulary.js';
import type { ApiClient, Exchange } from '../../http/client.js';
import type { Params } from '../../http/encode.js';
import type { DefaultCheck, NotAffectedCheck } from '../load/statement-kinds.js';
import type { Expect, Step } from '../load/types.js';
import type { Judged } from '../judge/judge.js';
import { timestampFindings } from '../judge/timestamps.js';
import { answerValueFindings } from '../judge/kind-places.js';
import type { KindContext } from './kind-context.js';
import { leftOut, withOptionalClauses } from './optional-parameters.js';
import { accountsRead, changesOf, comparedParameters, readAs, type ReadRefused, type ReadValues } from './not-affected.js';
import type { Vars } from './interpolate.js';
import { disagreement, explicitly } from './default-twin.js';

/** What the checks need of the target: its client, the run's accounts and the profile judged. */
export interface KindTarget {
  client: Pick<ApiClient, 'send'>;
  accounts: Partial<Record<Role, Account & { userId: number }>>;
  profile: Profile;
  /** The feature level the target is judged as: a read of a later level is not made. */
  featureLevel?: number;
}

/** What the case's generic checks know of it: what it cites, and the defaults of its twin run. */
export interface KindOwner {
  clauses: string[];
  /** The twin run: these defaults are sent explicitly wherever a request of their operation leaves them out. */
  explicitDefaults?: readonly DefaultCheck[];
  /** Filled with the defaults the case cites whose parameter a request of their operation left out, by clause. */
  defaultsLeftOut?: Map<string, DefaultCheck>;
}

export interface StepKindChecks {
  /** The request's parameters, with the twin run's explicit defaults. */
  params: Params;
  /**
   * The generic checks' findings on the answer, added to the step's own (`judged`); `rejudge`
   * judges another answer by the step's expectations. A string when a read-back could not be made.
   */
  after(exchange: Exchange, expect: Expect | undefined, judged: Judged[], rejudge: (response: AnswerOf) => Judged[]): Promise<Judged[] | string>;
}

type AnswerOf = NonNullable<Exchange['response']>;
type Auth = Parameters<ApiClient['send']>[0]['auth'];

interface Watch {
  check: NotAffectedCheck;
  before: ReadValues[];
}

/** Before a case step is sent: its generic checks, or a string when a read-back could not be made. */
export async function kindChecksOfStep(
  ctx: KindTarget,
  kinds: KindContext,
  owner: KindOwner,
  step: Step,
  role: Role,
  path: string,
  params: Params,
  vars: Vars,
  auth: Auth,
  trace?: { caseId: string; step: number },
): Promise<StepKindChecks | string> {
  const operation = step.events ? null : kinds.operationOf(step.request.method, path);
  // Stryker disable next-line ConditionalExpression: equivalent: no operation has no checks, this only skips the work
  if (!operation) return { params, after: (_, __, judged) => Promise.resolve(judged) };
  const sent: Params = { ...params };
  // A read changes nothing: it is sent again with the defaults it left out. A change is not:
  // the case runs again with them (run-case.ts).
  const reread: DefaultCheck[] = [];
  for (const d of kinds.defaults(operation)) {
    if (sent[d.parameter] !== undefined || !owner.clauses.includes(d.clause)) continue;
    if (owner.explicitDefaults?.some((e) => e.clause === d.clause)) sent[d.parameter] = d.value;
    else if (step.request.method === 'GET') reread.push(d);
    else owner.defaultsLeftOut?.set(d.clause, d);
  }
  const watches: Watch[] = [];
  // A read that got no answer errs the step. One the target refused errs it too, unless the read
  // is of a later level than the case (its \`since\`): then the target lacks what that level added,
  // and the failure counts at that level (a target judged above its own level fails there only).
  const refusals: Judged[] = [];
  const read = async (check: NotAffectedCheck, names: string[]): Promise<ReadValues[] | string | null> => {
    const reads = await Promise.all(accountsRead(check, role, ctx.accounts).map((r) => readAs(ctx.client, check, r, ctx.accounts[r]!, names, vars, trace)));
    const unanswered = reads.find((r): r is string => typeof r === 'string');
    if (unanswered) return unanswered;
    const refused = reads.find((r): r is ReadRefused => typeof r === 'object' && 'refused' in r);
    if (!refused) return reads as ReadValues[];
    if (check.readBack.since === undefined) return refused.refused;
    refusals.push({
      check: 'not-affected',
      clause: check.clause,
      clauses: [check.clause],
      message: `${refused.refused}: the read of feature level ${check.readBack.since} is refused, so the check cannot be made`,
      since: check.readBack.since,
      ...(check.readBack.facts ? { profile: 'zulip' as const, facts: check.readBack.facts } : {}),
    });
    return null;
  };
  const zulipOnly = (c: NotAffectedCheck) => c.readBack.facts !== undefined && ctx.profile !== 'zulip';
  const tooNew = (c: NotAffectedCheck) => (c.readBack.since ?? 0) > (ctx.featureLevel ?? Number.POSITIVE_INFINITY);
  for (const check of step.setup ? [] : kinds.notAffected(operation)) {
    const names = comparedParameters(check, sent);
    if (!owner.clauses.includes(check.clause) || zulipOnly(check) || tooNew(check) || !names.length) continue;
    const before = await read(check, names);
    if (typeof before === 'string') return before;
    if (before) watches.push({ check, before });
  }
  return {
    params: sent,
    async after(exchange, expect, judged, rejudge) {
      const body = exchange.response?.json as { result?: unknown } | undefined;
      const found: Judged[] = [];
      const diagnosis: Judged[] = [];
      if (reread.length) {
        const explicit = Object.fromEntries(reread.map((d) => [d.parameter, d.value]));
        const twin = await ctx.client.send({
          method: step.request.method,
          path,
          params: { ...sent, ...explicit },
          auth,
          encoding: step.request.encoding,
          ...(trace ? { trace } : {}),
        });
        // Stryker disable next-line OptionalChaining: equivalent: an exchange without a response has an error
        if (!twin.response) return `with ${explicitly(reread)} given explicitly: ${twin.error?.kind}: ${twin.error?.message}`;
        const twinJudged = rejudge(twin.response);
        if (!judged.length && twinJudged.length) diagnosis.push(disagreement(reread, twinJudged[0], true, 'the step'));
        if (judged.length && !twinJudged.length) diagnosis.push(disagreement(reread, judged[0], false, 'the step'));
      }
      if (body?.result === 'success' && !step.setup) {
        found.push(...timestampFindings(body, path, kinds.timestamps(operation), { startedAt: kinds.startedAt, now: Date.now() }, kinds.made));
        found.push(
          ...answerValueFindings(
            body,
            kinds.values(operation).filter((v) => ctx.profile === 'zulip' || !v.place.facts),
          ),
        );
      }
      for (const { check, before } of watches) {
        const now = await read(check, Object.keys(before[0].values));
        if (typeof now === 'string') return now;
        if (now) found.push(...changesOf(check, role, before, now));
      }
      // A step whose expectation shows the request accepted (success, or an error code other
      // than BAD_REQUEST, the code of an invalid request) enforces that what it left out is optional.
      const accepted = expect?.result === 'success' ? 'result' : expect?.code && expect.code !== 'BAD_REQUEST' ? 'code' : null;
      const own = accepted ? withOptionalClauses(judged, leftOut(kinds.optional(operation), sent), accepted) : judged;
      return [...diagnosis, ...own, ...found, ...refusals];
    },
  };
}
