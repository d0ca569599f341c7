// How a property talks to the target: one call, as a role, returning the decoded envelope.
// A transport fault (timeout, reset, non-JSON answer, a 429 the client gave up waiting out) is
// not a counterexample: it throws TransportFault, and the runner ends the property at once as
// errored, without shrinking.
// The calls of the current run are kept, so a failure shows the calls that led to it.
import type { Role } from '../common/vocabulary.js';
import type { Exchange } from '../http/client.js';
import { rateLimitCause } from '../http/limit-learner.js';
import type { Params } from '../http/encode.js';
import type { TargetContext } from '../engine/run/run-steps.js';
import { describeRequest } from '../engine/run/run-steps.js';

export class TransportFault extends Error {}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** "as member, POST /users/me/status status_text=..." for messages. */
  request: string;
  /** The exchange itself (credentials still in it: the runner redacts what it reports). */
  exchange: Exchange;
}

export class PropertyApi {
  /** Set by the first transport fault; later runs pass at once so fast-check stops quickly. */
  fault: TransportFault | null = null;
  readonly userIds: Partial<Record<Role, number>>;
  readonly profile: TargetContext['profile'];
  /** The exchanges of the run under way (reset by the runner before each run). */
  calls: Exchange[] = [];

  /** Requests sent so far: each carries the property's id and its number (the HAR's _caseId and _step). */
  private sent = 0;

  constructor(
    private readonly ctx: TargetContext,
    readonly vars: Record<string, unknown>,
    private readonly caseId?: string,
  ) {
    this.profile = ctx.profile;
    this.userIds = Object.fromEntries(Object.entries(ctx.accounts).map(([role, a]) => [role, a.userId]));
  }

  async call(role: Role, method: string, path: string, params: Params = {}): Promise<Answer> {
    const account = this.ctx.accounts[role];
    if (!account) throw new TransportFault(`no ${role} account configured`);
    // An account the run spread the property to carries its own label (extra1...).
    const label = account.label ?? role;
    const request = describeRequest(label, method, path, params);
    const trace = this.caseId ? { caseId: this.caseId, step: (this.sent += 1) } : undefined;
    const exchange = await this.ctx.client.send({ method, path, params, auth: { ...account, role: label }, trace });
    this.calls.push(exchange);
    if (exchange.error) throw this.record(new TransportFault(`${exchange.error.kind}: ${exchange.error.message} (${request})`));
    // A limit met is not the server breaking the invariant: the property cannot be judged.
    const limited = rateLimitCause(exchange);
    if (limited) throw this.record(new TransportFault(`${limited} (${request})`));
    const { status, json, jsonError } = exchange.response!;
    if (json === undefined || typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw this.record(new TransportFault(`answer (HTTP ${status}) is ${jsonError ?? 'not a JSON object'} (${request})`));
    }
    return { status, body: json as Record<string, unknown>, request, exchange };
  }

  /** Calls and requires success: a failed setup call is a fault of the run, not a counterexample. */
  async ok(role: Role, method: string, path: string, params: Params = {}): Promise<Record<string, unknown>> {
    const answer = await this.call(role, method, path, params);
    if (answer.body.result !== 'success') {
      throw this.record(new TransportFault(`setup call failed: ${String(answer.body.code)} ${String(answer.body.msg)} (${answer.request})`));
    }
    return answer.body;
  }

  private record(fault: TransportFault): TransportFault {
    this.fault ??= fault;
    return fault;
  }
}
