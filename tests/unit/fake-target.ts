// A target without a server for the step executor's unit tests: a client whose answers the test
// gives, which records every request the steps sent.
import type { ApiClient, ApiRequest, Exchange } from '../../src/http/client.js';
import type { TargetContext } from '../../src/engine/run/run-steps.js';

export type Reply = Omit<Exchange, 'request' | 'durationMs'>;

/** A JSON answer: the envelope of a success, plus the fields given. */
export const success = (fields: Record<string, unknown> = {}, status = 200): Reply => json({ result: 'success', msg: '', ...fields }, status);
export const failure = (code: string, msg = 'no', status = 400): Reply => json({ result: 'error', msg, code }, status);
export function json(body: unknown, status = 200): Reply {
  return { response: { status, headers: {}, text: JSON.stringify(body), json: body } };
}

export const ACCOUNTS = {
  member: { email: 'm@x.test', apiKey: 'member-key-0123', userId: 10 },
  admin: { email: 'a@x.test', apiKey: 'admin-key-4567', userId: 11 },
};

/** The replies are taken in order (the last one repeats), or computed from the request. */
export function fakeTarget(replies: Reply[] | ((req: ApiRequest, n: number) => Reply), more: Partial<TargetContext> = {}) {
  const sent: ApiRequest[] = [];
  const client = {
    send(req: ApiRequest): Promise<Exchange> {
      sent.push(req);
      const n = sent.length - 1;
      const reply = typeof replies === 'function' ? replies(req, n) : replies[Math.min(n, replies.length - 1)];
      return Promise.resolve({
        request: { method: req.method, url: `http://t/api/v1${req.path}`, role: req.auth?.role ?? null, body: null },
        durationMs: 1,
        ...reply,
      });
    },
  } as unknown as ApiClient;
  const ctx: TargetContext = { client, accounts: ACCOUNTS, profile: 'spec', ...more };
  return { ctx, sent };
}
