// A not-affected check reads every account the run holds before and after a change; another
// client (a person, a second run against the same server) may change one of those accounts'
// settings in between. It must not fail the case: the run holds the accounts against its own
// cases, and a difference is read once more and blamed only when it stays and is what the
// change sent. The server that does break the clause is still caught with the client at work.
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { ApiClient } from '../../src/http/client.js';
import { executeSpecs } from '../../src/runner/execute.js';
import { loadSuite } from '../../src/engine/load/load.js';
import { registerOf, sessionFor, WHOLE_RUN_TIMEOUT_MS } from '../support/run-suite.js';

const CASE = 'op5.zulip.existing-users-unchanged';

/**
 * Runs the case once against a fresh server while a second client keeps changing the accounts'
 * own font size and colour scheme (all but `spare`): its status, and how many changes the client made.
 */
async function withBusyClient(quirks: string[], spare: string[] = []) {
  const server = await startReferenceServer({ quirks });
  const other = new ApiClient(server.url, { timeoutMs: 30_000 });
  let changes = 0;
  let busy = true;
  // Never the values the case's change sends (21, 3): those would be the server's doing.
  const loop = (async () => {
    for (let i = 0; busy; i += 1) {
      await Promise.all(
        Object.entries(server.accounts)
          .filter(([role]) => !spare.includes(role))
          .map(async ([role, account]) => {
            const params = { web_font_size_px: 12 + ((i + role.length) % 8), color_scheme: 1 + (i % 2) };
            const sent = await other.send({ method: 'PATCH', path: '/settings', params, auth: { ...account, role } });
            if (sent.response?.status === 200) changes += 1;
          }),
      );
    }
  })();
  const spec = loadSuite().specs.find((s) => s.cases.some((c) => c.id === CASE))!;
  const session = sessionFor(server, { profile: 'zulip' }, server.url, await registerOf(server));
  try {
    const [result] = await executeSpecs(session, [{ ...spec, cases: spec.cases.filter((c) => c.id === CASE) }]);
    return { status: `${result.status}${result.message ? ` ${result.message}` : ''}`, changes };
  } finally {
    busy = false;
    await loop;
    await session.close();
    await other.close();
    await server.close();
  }
}

describe('a second client changing settings during a run', () => {
  it(
    'never fails a not-affected check on a correct server',
    async () => {
      const runs = [];
      for (let run = 0; run < 6; run += 1) runs.push(await withBusyClient([]));
      expect(runs.map((r) => r.status)).toEqual(Array(6).fill('passed'));
      expect(Math.min(...runs.map((r) => r.changes))).toBeGreaterThan(5);
    },
    WHOLE_RUN_TIMEOUT_MS,
  );

  it(
    'still catches the server that applies a new default to an existing account',
    async () => {
      // The client spares the account the server wrongly changes: a value another client sets
      // after the server's own change hides that change, as it would from anyone reading it.
      const { status } = await withBusyClient(['defaults-apply-to-caller'], ['owner']);
      expect(status).toMatch(/^failed PATCH \/realm\/user_settings_defaults \[zulip\.realm-defaults\.existing-users-unchanged/);
    },
    WHOLE_RUN_TIMEOUT_MS,
  );
});
