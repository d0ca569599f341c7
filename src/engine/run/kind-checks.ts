// The statement kinds' generic checks around one step of a case: they need no case to name
// them, only the catalog's kind data (KindContext). Before the request: a default the case
// compares is sent explicitly (the twin run), and what a not-affected clause protects is read.
// After the answer: a read sent again with its defaults (default-twin.ts), timestamps against the
// run's clock, the values of enumerations (kind-places.ts), a refused step blamed on what the
// evidence points at (optional-parameters.ts), and the not-affected reads again (not-affected.ts).
import type { Account, Profile, Role } from '../../common/vocabulary.js';
import type { ApiClient, Exchange } from '../../http/client.js';
import type { Params } from '../../http/encode.js';
import type { DefaultCheck, NotAffectedCheck } from '../load/statement-kinds.js';
import type { Step } from '../load/types.js';
import type { Judged } from '../judge/failure.js';
import { timestampFindings } from '../judge/timestamps.js';
import { answerValueFindings } from '../judge/kind-places.js';
import type { KindContext } from './kind-context.js';
import { blameRefusal, givenBefore, leftOut, sentNamedFirst, sentRequest, type SentRequest } from './optional-parameters.js';
import { notAffectedWatch } from './not-affected.js';
import type { Vars } from './interpolate.js';
import { readDisagreement } from './default-twin.js';

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
  /** Filled with the requests of this run of the case that were accepted: who sent what, where. */
  accepted?: SentRequest[];
}

export interface StepKindChecks {
  /** The request's parameters, with the twin run's explicit defaults. */
  params: Params;
  /**
   * The generic checks' findings on the answer, with the step's own (`judged`); `rejudge`
   * judges another answer by the step's expectations. A string when a read-back could not be made.
   */
  after(exchange: Exchange, judged: Judged[], rejudge: (response: AnswerOf) => Judged[]): Promise<Judged[] | string>;
}

type AnswerOf = NonNullable<Exchange['response']>;

/** The answer's body, read as a refusal (an error envelope). */
const refusalBody = (exchange: Exchange) => (exchange.response?.json ?? {}) as { var_name?: unknown; msg?: unknown };
type Auth = Parameters<ApiClient['send']>[0]['auth'];

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
  // An operation no statement kind checks: a refusal naming a parameter it sent still points at it.
  if (!operation) return { params, after: (exchange, judged) => Promise.resolve(sentNamedFirst(judged, refusalBody(exchange), Object.keys(params))) };
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
  const zulipOnly = (c: NotAffectedCheck) => c.readBack.facts !== undefined && ctx.profile !== 'zulip';
  const tooNew = (c: NotAffectedCheck) => (c.readBack.since ?? 0) > (ctx.featureLevel ?? Number.POSITIVE_INFINITY);
  const watched = (step.setup ? [] : kinds.notAffected(operation)).filter((c) => owner.clauses.includes(c.clause) && !zulipOnly(c) && !tooNew(c));
  const watch = notAffectedWatch(ctx, watched, role, sent, vars, trace);
  const unread = await watch.before();
  if (unread) return unread;
  const send = (more: Params) =>
    ctx.client.send({
      method: step.request.method,
      path,
      params: { ...sent, ...more },
      auth,
      encoding: step.request.encoding,
      files: step.request.files,
      ...(trace ? { trace } : {}),
    });
  const explicit = (defaults: readonly DefaultCheck[]) => Object.fromEntries(defaults.map((d) => [d.parameter, d.value]));
  return {
    params: sent,
    async after(exchange, judged, rejudge) {
      const body = exchange.response?.json as { result?: unknown } | undefined;
      const found: Judged[] = [];
      const diagnosis = reread.length
        ? await readDisagreement({ send: (given) => send(given ? explicit(reread) : {}), judge: rejudge, defaults: reread }, judged)
        : [];
      if (typeof diagnosis === 'string') return diagnosis;
      if (body?.result === 'success' && !step.setup) {
        found.push(...timestampFindings(body, path, kinds.timestamps(operation), { startedAt: kinds.startedAt, now: Date.now() }, kinds.made));
        found.push(
          ...answerValueFindings(
            body,
            kinds.values(operation).filter((v) => ctx.profile === 'zulip' || !v.place.facts),
          ),
        );
      }
      const changed = await watch.after();
      if (typeof changed === 'string') return changed;
      const request = sentRequest(role, step.request.method, path, sent);
      if (body?.result === 'success') (owner.accepted ??= []).push(request);
      // A refused step that expected the request accepted: what it left out is blamed only on evidence.
      const missing = kinds.defaults(operation).filter((d) => sent[d.parameter] === undefined);
      const withDefaults = async () => ((await send(explicit(missing))).response?.json as { result?: unknown } | undefined)?.result === 'success';
      const refusal = refusalBody(exchange);
      const own = await blameRefusal({
        judged: sentNamedFirst(judged, refusal, Object.keys(sent)),
        body: refusal,
        omitted: leftOut(kinds.optional(operation), sent),
        withDefaults: missing.length && !step.setup ? { names: missing.map((d) => d.parameter), accepted: withDefaults } : null,
        givenBefore: givenBefore(owner.accepted ?? [], request),
      });
      return [...diagnosis, ...own, ...found, ...changed];
    },
  };
}
