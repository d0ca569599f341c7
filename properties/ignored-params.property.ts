// Any set of unsupported parameters sent to GET /streams comes back in
// ignored_parameters_unsupported, exactly (and, under the zulip profile, only when sent).
import fc from 'fast-check';
import { show, defineProperty, violated, outcome } from '../src/property/define.js';
import { unknownParams } from './arbitraries/unknown-params.js';

export const PROPERTY = defineProperty({
  id: 'prop.conv.ignored-params-exact',
  endpoint: 'GET /streams',
  title: 'ignored_parameters_unsupported lists exactly the unsupported parameters sent',
  clauses: ['conv.ignored-params'],
  facts: ['zulip.conv.ignored-params-sorted-success-only'],
  since: 167,
  roles: ['member'],
  runs: 25,
  anyMembers: true,
  requestsPerRun: 1,
  arbitrary: () => fc.record({ unknown: unknownParams, includePublic: fc.option(fc.boolean(), { nil: undefined }) }),
  async check(api, { unknown, includePublic }) {
    const params: Record<string, string | boolean | undefined> = { include_public: includePublic };
    for (const name of unknown) params[name] = 'x';
    const { body, request } = await api.call('member', 'GET', '/streams', params);
    violated(body.result === 'success', () => `expected success, got ${outcome(body)} (${request})`);
    const listed = body.ignored_parameters_unsupported;
    if (unknown.length) {
      const got: unknown = Array.isArray(listed) ? [...(listed as unknown[])].sort() : listed;
      violated(show(got) === show([...unknown].sort()), () => `expected exactly ${show([...unknown].sort())}, got ${show(listed)} (${request})`);
    } else if (api.profile === 'zulip') {
      violated(listed === undefined, () => `expected no ignored_parameters_unsupported when none were sent, got ${show(listed)} (${request}) [zulip profile]`);
    }
  },
});
