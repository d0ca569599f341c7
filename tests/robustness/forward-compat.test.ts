// A newer Zulip adds fields to its answers, level after level, and its clients ignore what they
// do not know. Against a server that adds a field to every object of every answer (except where
// the document says "only"), every case passes under both profiles: no check assumes a closed
// body the document leaves open, and what the Zulip server sends is checked as "at least".
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import type { PropertyCase } from '../../src/property/define.js';
import { runProperty } from '../../src/property/run-property.js';
import { loadSuite } from '../../src/engine/load/load.js';
import type { Profile } from '../../src/common/vocabulary.js';
import { runSuite, withSession } from '../support/run-suite.js';
import { EXTRA_FIELDS_EVERYWHERE, LATER_FIELD } from '../support/extra-fields.js';

const files = import.meta.glob<{ PROPERTY: PropertyCase<unknown, unknown> }>('../../properties/*.property.ts', { eager: true });
const PROPERTIES = Object.values(files).map((f) => f.PROPERTY);

describe('a server that adds fields everywhere', () => {
  it.concurrent.each(['spec', 'zulip'] as Profile[])('fails no case under the %s profile', async (profile) => {
    const results = await runSuite({ profile, rewrite: EXTRA_FIELDS_EVERYWHERE });
    const bad = [...results.values()].filter((r) => r.status === 'failed' || r.status === 'errored');
    expect(bad.map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    expect(results.size).toBeGreaterThan(300);
  });

  it.concurrent.each(PROPERTIES.map((p) => [p.id, p] as const))('%s passes', async (_, def) => {
    const profile: Profile = def.profile ?? 'zulip';
    const result = await withSession({ profile, rewrite: EXTRA_FIELDS_EVERYWHERE }, (session) =>
      runProperty(def, session.ctx, session.redactor, {
        seed: 42,
        runsFactor: 1,
        vars: session.globals,
        operations: loadSuite().specs.map((s) => s.operation),
      }),
    );
    expect(result.message ?? '').toBe('');
  });

  it('really adds them: to success and error bodies and to the objects inside, not to what the document closes', () => {
    const answer = {
      status: 200,
      headers: {},
      json: {
        result: 'success',
        msg: '',
        streams: [{ stream_id: 1, can_add_subscribers_group: { direct_members: [1], direct_subgroups: [] } }],
        message_history: [{ topic: 't' }],
      },
    };
    EXTRA_FIELDS_EVERYWHERE.answer!({ method: 'GET', path: '/streams', query: new URLSearchParams(), form: new URLSearchParams(), headers: {} }, answer);
    expect(answer.json).toEqual({
      result: 'success',
      msg: '',
      streams: [{ stream_id: 1, can_add_subscribers_group: { direct_members: [1], direct_subgroups: [] }, [LATER_FIELD]: { level: 999 } }],
      message_history: [{ topic: 't' }],
      [LATER_FIELD]: { level: 999 },
    });
  });
});
