// A configured organisation: the reference server with one setting the API document leaves to
// the organisation set by its owner (PATCH /realm) to a value the document allows, one at a
// time, judged under both profiles. Every case and property needing that setting (`needs:`)
// runs: the run makes the setting hold for it and puts the owner's value back, so nothing fails
// and the organisation ends as its owner left it. Where the run cannot change it (here: a server
// keeping it whatever PATCH /realm says; tests/unit/organisation-settings.test.ts has the run
// without an administrator account, and a refusal) the cases needing it are skipped on the
// target, each naming the setting and its value, and the report lists what they leave unchecked.
// The whole suite against each such organisation: `npm run configured`.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/http/client.js';
import { loadSuite } from '../../src/engine/load/load.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';
import { targetGaps } from '../../src/report/model/skip-causes.js';
import type { ReferenceServer } from '../../src/reference/server.js';
import { runSuite, WHOLE_RUN_TIMEOUT_MS } from '../support/run-suite.js';
import type { ProxiedRequest } from '../support/rewriting-proxy.js';
import { CONFIGURED_ORGANISATIONS, neededBy, uncovered, type ConfiguredOrganisation } from '../support/configured-organisations.js';

/** realm_<name> of POST /register, as the owner reads it after the run. */
async function realmValue(server: ReferenceServer, name: string): Promise<unknown> {
  const client = new ApiClient(server.url, { timeoutMs: 30_000 });
  try {
    const answer = await client.send({
      method: 'POST',
      path: '/register',
      params: { fetch_event_types: ['realm'] },
      auth: { ...server.accounts.owner, role: 'owner' },
    });
    return (answer.response?.json as Record<string, unknown>)[`realm_${name}`];
  } finally {
    await client.close();
  }
}

const notPassed = (results: Map<string, CaseResult>) =>
  [...results.values()].filter((r) => r.status === 'failed' || r.status === 'errored').map((r) => `${r.id}: ${r.message}`);

async function judge(organisation: ConfiguredOrganisation, profile: 'spec' | 'zulip') {
  const { cases, properties } = await neededBy(loadSuite(), organisation.family);
  let after: unknown;
  const results = await runSuite({
    profile,
    realm: organisation.realm,
    cases,
    properties,
    afterRun: async (server) => {
      after = await realmValue(server, organisation.shown);
    },
  });
  return { results, after };
}

it('configures every setting of the catalog, one at a time', () => {
  expect(uncovered()).toEqual([]);
});

describe.each(['spec', 'zulip'] as const)('a configured organisation, under %s', (profile) => {
  it.each(CONFIGURED_ORGANISATIONS.filter((o) => !o.profiles || o.profiles.includes(profile)).map((o) => [o.what, o] as const))(
    '%s: the cases needing it pass, and the owner finds the setting as set',
    async (_what, organisation) => {
      const { results, after } = await judge(organisation, profile);
      expect(notPassed(results)).toEqual([]);
      expect([...results.values()].filter((r) => r.status === 'passed').length).toBeGreaterThan(0);
      expect(after).toEqual(organisation.expected);
    },
    WHOLE_RUN_TIMEOUT_MS,
  );
});

describe('a configured organisation whose setting the run cannot change', () => {
  it.each(CONFIGURED_ORGANISATIONS.filter((o) => o.unchangeable).map((o) => [o.what, o] as const))(
    '%s: the cases needing it are skipped on the target, naming the setting and its value',
    async (_what, organisation) => {
      const { cases, properties } = await neededBy(loadSuite(), organisation.family);
      // A server where PATCH /realm answers success and keeps the setting (a policy above the API).
      const keeps = {
        request: (req: ProxiedRequest) => {
          if (req.method === 'PATCH' && req.path === '/realm') for (const name of organisation.family) req.form.delete(name);
        },
      };
      const results = await runSuite({ profile: 'spec', realm: organisation.realm, cases, properties, rewrite: keeps });
      expect(notPassed(results)).toEqual([]);
      const skipped = [...results.values()].filter((r) => r.status === 'skipped');
      expect(skipped.length).toBeGreaterThan(0);
      for (const r of skipped) {
        expect(r.onTarget, r.id).toBe(true);
        expect(r.message, r.id).toMatch(organisation.unchangeable!);
        expect(r.message, r.id).toMatch(/, and the change did not take \(PATCH \/realm answered success, POST \/register shows .*\)$/);
      }
      const gaps = targetGaps([...results.values()]);
      expect(gaps.map((g) => g.cause)).toContain(skipped[0].message);
    },
    WHOLE_RUN_TIMEOUT_MS,
  );
});
