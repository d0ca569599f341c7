// No false alarms: the variant realm (src/reference/realm/flavor.ts) obeys every statement of the API
// document and differs from the Zulip server wherever the document leaves a choice open. Under
// the spec profile every case and property passes against it; a case that fails there asserts
// something the document does not state.
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import type { PropertyCase } from '../../src/property/define.js';
import { runProperty } from '../../src/property/run-property.js';
import { loadSuite } from '../../src/engine/load/load.js';
import { proofMap, readProofs, updatingProofs, writeProofSection } from '../support/proofs.js';
import { runSuite, WHOLE_RUN_TIMEOUT_MS, withSession } from '../support/run-suite.js';

const files = import.meta.glob<{ PROPERTY: PropertyCase<unknown, unknown> }>('../../properties/*.property.ts', { eager: true });
const PROPERTIES = Object.values(files)
  .map((f) => f.PROPERTY)
  .filter((p) => p.profile !== 'zulip');

// False alarms found by the variant and not yet mended: each is a case that asserts a choice of
// the Zulip server under the spec profile. This list only shrinks; it must end empty.
const KNOWN_FALSE_ALARMS: string[] = [];
const KNOWN_PROPERTY_FALSE_ALARMS = new Set<string>([]);

describe('the variant realm under the zulip profile', () => {
  it(
    'fails only zulip-profile checks, each naming the Zulip facts it rests on',
    async () => {
      const results = await runSuite({ variant: true, profile: 'zulip' });
      const failed = [...results.values()].filter((r) => r.status === 'failed');
      const errored = [...results.values()].filter((r) => r.status === 'errored').map((r) => `${r.id}: ${r.message}`);
      expect(errored).toEqual([]);
      // The variant differs from Zulip, so the zulip profile fails it; every such failure is a Zulip fact.
      expect(failed.length).toBeGreaterThan(20);
      const notFacts = failed.flatMap((r) => (r.failures ?? []).filter((f) => f.profile !== 'zulip' || !f.facts?.length).map((f) => `${r.id}: ${f.message}`));
      expect(notFacts).toEqual([]);
      // Each such failure shows its check can fail on a server that breaks the facts it names.
      const proven = proofMap(
        failed.flatMap((r) =>
          (r.failures ?? []).map((f) => ({
            caseId: r.id,
            profile: 'zulip' as const,
            rules: f.facts ?? [],
            zulipCheck: true,
            dispute: false,
          })),
        ),
      );
      if (updatingProofs()) writeProofSection('variant', proven);
      else expect(readProofs().variant ?? {}, 'run `npm run proofs` and commit specs/proven-cases.json').toEqual(proven);
    },
    WHOLE_RUN_TIMEOUT_MS,
  );
});

describe('the variant realm under the spec profile', () => {
  it(
    'fails no case and errors none but the known false alarms still to mend',
    async () => {
      const results = await runSuite({ variant: true, profile: 'spec' });
      const bad = [...results.values()].filter((r) => r.status === 'failed' || r.status === 'errored');
      expect(bad.map((r) => r.id).sort(), bad.map((r) => `${r.id}: ${r.message}`).join('\n')).toEqual([...KNOWN_FALSE_ALARMS].sort());
    },
    WHOLE_RUN_TIMEOUT_MS,
  );

  it.each(PROPERTIES.map((p) => [p.id, p] as const))('%s passes', async (_, def) => {
    const result = await withSession({ variant: true, profile: 'spec' }, (session) =>
      runProperty(def, session.ctx, session.redactor, {
        seed: 42,
        runsFactor: 1,
        vars: session.globals,
        operations: loadSuite().specs.map((s) => s.operation),
      }),
    );
    if (KNOWN_PROPERTY_FALSE_ALARMS.has(def.id)) expect(result.status, 'a known false alarm that passes now: remove it from the list').toBe('failed');
    else expect(result.message ?? '').toBe('');
  });
});
