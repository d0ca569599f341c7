// Mutants for POST /user_topics (operation 8).
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { paramsOf, type ProxiedRequest, type Rewrite } from '../support/rewriting-proxy.js';

const OP = 'POST /user_topics';
const isWrite = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/user_topics';

/** Refusals of requests matching `when` become success (nothing is stored). */
function acceptWhen(when: (params: URLSearchParams) => boolean): Rewrite {
  return {
    answer: (req, a) => {
      if (isWrite(req) && (a.json as Json | undefined)?.result === 'error' && when(paramsOf(req))) {
        a.status = 200;
        a.json = { result: 'success', msg: '' };
      }
    },
  };
}

/** POST /register reports every topic policy as 1. */
const readBackWrong: Rewrite = {
  answer: (req, a) => {
    if (req.method !== 'POST' || req.path !== '/register') return;
    for (const t of ((a.json as Json).user_topics as Json[] | undefined) ?? []) t.visibility_policy = 1;
  },
};

/** Errors answer code INVALID_CHANNEL and a missing topic BAD_REQUEST. */
const wrongCodes: Rewrite = {
  answer: (req, a) => {
    const body = a.json as Json | undefined;
    if (isWrite(req) && body?.result === 'error') body.code = body.code === 'BAD_REQUEST' ? 'INVALID_CHANNEL' : 'BAD_REQUEST';
  },
};

export const MUTANTS: Mutant[] = [
  { name: 'user-topics-rejects-policy-3', kind: 'invalid-input', operations: [OP], quirks: ['user-topics-rejects-policy-3'], kills: ['op8.policy.3', 'op8.zulip.policy-names'] },
  { name: 'user-topics-accepts-bad-policy', kind: 'invalid-input', operations: [OP], quirks: ['user-topics-accepts-bad-policy'], kills: ['op8.policy.4-refused', 'op8.policy.minus-1-refused'] },
  { name: 'user-topics-policy-text-accepted', kind: 'invalid-input', operations: [OP], rewrite: acceptWhen((p) => p.get('visibility_policy') === 'muted'), kills: ['op8.policy.not-integer'] },
  { name: 'user-topics-no-length-limit', kind: 'invalid-input', operations: [OP], quirks: ['user-topics-no-length-limit'], kills: ['op8.zulip.topic-61'] },
  { name: 'user-topics-needs-messages', kind: 'effect', operations: [OP], quirks: ['user-topics-needs-messages'], kills: [
      'op8.policy.0-without-policy', 'op8.policy.1', 'op8.policy.2', 'op8.policy.3', 'op8.zulip.empty-topic-name',
      'op8.zulip.policy-names', 'op8.zulip.policy.0-removes', 'op8.zulip.topic-60'] },
  { name: 'user-topics-zero-ignored', kind: 'effect', operations: [OP], quirks: ['user-topics-zero-ignored'], kills: ['op8.zulip.policy.0-removes'] },
  { name: 'user-topics-read-back-wrong', kind: 'field', operations: [OP], rewrite: readBackWrong, kills: ['op8.policy.2', 'op8.policy.3', 'op8.zulip.policy-names'] },
  { name: 'user-topics-wrong-codes', kind: 'error-code', operations: [OP], rewrite: wrongCodes, kills: [
      'op8.invalid-channel', 'op8.policy.4-refused', 'op8.policy.minus-1-refused', 'op8.policy.not-integer',
      'op8.zulip.missing-topic', 'op8.zulip.topic-61'] },
];
