// Any malformed value for a boolean parameter gets an error envelope with a code; under the
// zulip profile never a 5xx, and the caller's status is left as it was.
import fc from 'fast-check';
import { show, defineProperty, violated } from '../src/property/define.js';
import { notBoolean } from './arbitraries/malformed-values.js';

/** The parameters, with the feature level each appeared at (facts zulip.level.315, .356): a target of an older level has not got them all. */
const BOOLEANS: [string, string, number][] = [
  ['GET', 'include_public', 0],
  ['GET', 'include_subscribed', 0],
  ['GET', 'exclude_archived', 315],
  ['GET', 'include_all', 356],
  ['GET', 'include_default', 0],
  ['GET', 'include_web_public', 0],
  ['POST', 'away', 0],
];

export const PROPERTY = defineProperty({
  id: 'prop.conv.malformed-boolean',
  endpoint: 'GET /streams',
  title: 'a malformed boolean parameter gets an error envelope with a code, never a crash',
  clauses: ['conv.booleans', 'conv.error-code', 'errors.bad-request'],
  facts: ['zulip.errors.http-400-default', 'zulip.errors.type-error-texts', 'zulip.status.away-is-presence'],
  roles: ['member2'],
  runs: 30,
  anyMembers: true,
  requestsPerRun: 1,
  setup: (api) => Promise.resolve(BOOLEANS.filter(([, , since]) => since <= Number(api.vars.featureLevel))),
  arbitrary: (known) => fc.record({ param: fc.constantFrom(...known), value: notBoolean }),
  async check(api, { param: [method, name, since], value }) {
    const path = method === 'GET' ? '/streams' : '/users/me/status';
    const { status, body, request } = await api.call('member2', method, path, { [name]: value });
    violated(body.result === 'error', () => `expected an error for ${name}=${show(value)}, got ${show(body.result)} (${request})`, {
      clause: 'conv.booleans',
      ...(since ? { since } : {}),
    });
    violated(typeof body.code === 'string' && body.code.length > 0, () => `expected a code, got ${show(body.code)} (${request})`, {
      clause: 'conv.error-code',
    });
    if (api.profile === 'zulip')
      violated(status < 500, () => `expected no 5xx, got HTTP ${status} (${request}) [zulip profile]`, { clause: 'errors.bad-request', zulip: true });
  },
});
