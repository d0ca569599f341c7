// A limiter that answers 429 with Retry-After and no X-RateLimit-* headers (a gateway, another
// server), here a few requests per second per account, harsher than any server a run would meet:
// the client learns the limit from the 429s, waits them out and sends each request again, so the
// cases and the properties of a busy file pass as against the bare server, and a 429 is never a
// property's counterexample. `npm run limited` is the long form: whole runs, ten in a row.
import { describe, expect, it } from 'vitest';
import { runSuite, withSession, WHOLE_RUN_TIMEOUT_MS } from '../support/run-suite.js';
import type { LimitingProxy } from '../support/limiting-proxy.js';
import { runProperty } from '../../src/property/run-property.js';
import { loadSuite } from '../../src/engine/load/load.js';
import { PROPERTY as ignoredParams } from '../../properties/ignored-params.property.js';

describe('a limiter without X-RateLimit-* headers', () => {
  it.concurrent.each(['zulip', 'fixed'] as const)(
    'meets 429s and waits them out (%s windows): every case of GET /streams and every run of a property still pass',
    async (kind) => {
      const limit = { requests: 8, seconds: 1, kind };
      let limiter: LimitingProxy | undefined;
      const results = await runSuite({ profile: 'spec', operations: ['GET /streams'], limit, onLimiter: (l) => (limiter = l) });
      const bad = [...results.values()].filter((r) => r.status === 'failed' || r.status === 'errored');
      expect(bad.map((r) => `${r.id}: ${r.message}`)).toEqual([]);
      expect(limiter!.refused()).toBeGreaterThan(0);
      expect([...results.values()].some((r) => r.rateLimitRetries)).toBe(true);
      const property = await withSession({ profile: 'spec', limit }, (session) =>
        runProperty(ignoredParams, session.ctx, session.redactor, {
          seed: 7,
          runsFactor: 1,
          vars: session.globals,
          operations: loadSuite().specs.map((s) => s.operation),
        }),
      );
      expect(property.status, property.message).toBe('passed');
    },
    WHOLE_RUN_TIMEOUT_MS,
  );
});
