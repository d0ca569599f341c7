// A report the size of a full run, without running one: every case of the spec files with its
// real id, title and clauses, the whole clause catalog with the real proofs, and the Zulip
// facts. Most cases pass; a few fail or error with long messages, answers and reproductions,
// some are skipped or carry disputed warnings, and a baseline marks a long list of known
// failures. The HTML layout tests render it at many widths.
import type { ConformanceReport } from '../../src/report/model/model.js';
import { assembleReport } from '../../src/report/model/assemble.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';
import { baseResult } from '../../src/engine/run/run-case.js';
import { loadSuite } from '../../src/engine/load/load.js';

const LONG_WORD = 'realm_empty_topic_display_name_and_allow_empty_topic_name_and_move_messages_within_stream_limit_seconds';

function failed(base: CaseResult, n: number): CaseResult {
  const clause = base.clauses[0];
  const body = JSON.stringify({
    result: 'success',
    msg: '',
    streams: Array.from({ length: 6 }, (_, i) => ({ stream_id: i + 1, name: `cf run ${LONG_WORD} ${i}`, description: 'x'.repeat(200) })),
  });
  const exchange = {
    request: {
      method: 'PATCH',
      url: `http://127.0.0.1:9991/api/v1/streams/${n}?include_all=true&${LONG_WORD}=${'y'.repeat(120)}`,
      role: 'member',
      body: `description=${encodeURIComponent('z'.repeat(300))}&${LONG_WORD}=true`,
      headers: { authorization: 'Basic [redacted: member]' },
    },
    response: { status: 200, body },
  };
  return {
    ...base,
    status: n % 3 === 0 ? 'errored' : 'failed',
    message: `${base.endpoint} [${clause}]: streams[3].${LONG_WORD}: expected ${'a'.repeat(150)}, got ${body.slice(0, 300)}`,
    failures: [
      {
        clause,
        clauses: base.clauses,
        step: 2,
        check: 'body',
        path: `streams[3].${LONG_WORD}`,
        expected: `one of ${JSON.stringify(Array.from({ length: 12 }, (_, i) => `${LONG_WORD}_${i}`))}`,
        actual: body.slice(0, 400),
        message: `streams[3].${LONG_WORD}: expected something else`,
      },
    ],
    broken: [clause],
    exchange,
    steps: [
      { step: 1, exchange: { ...exchange, request: { ...exchange.request, method: 'POST' } }, capture: { id: 'stream_id' }, captured: { id: 7 } },
      { step: 2, exchange },
    ],
    durationMs: 40,
  };
}

export function fullSizeReport(): ConformanceReport {
  const suite = loadSuite();
  const all = suite.specs.flatMap((spec) => spec.cases.map((c) => ({ ...baseResult(spec, c), status: 'passed' as const, durationMs: 12 })));
  const cases: CaseResult[] = all.map((base, i) => {
    if (i % 37 === 5) return failed(base, i);
    if (i % 53 === 7) return { ...base, status: 'skipped', message: 'no guest account (CONFORMANCE_GUEST_EMAIL)', durationMs: 0 };
    if (i % 29 === 3)
      return { ...base, warnings: [`disputed clause, not a failure: ${base.endpoint} [${base.clauses[0]}]: expected ${LONG_WORD}, got something else`] };
    return base;
  });
  const parts = {
    tool: { name: 'teamchat-conformance', version: '0.0.0-test' },
    target: { url: `http://127.0.0.1:9991/${LONG_WORD}`, featureLevel: 420, claimedFeatureLevel: 420, profile: 'spec' as const, embedded: false },
    startedAt: '2026-01-02T03:04:05.000Z',
    durationMs: 10_900,
    catalog: suite.clauses,
    facts: suite.facts,
    runWarnings: [`the target rate-limited 3 request(s) (HTTP 429) on ${LONG_WORD}`],
  };
  // The baseline failed every case the run fails, and a hundred more: a long list of each kind.
  const baseline = assembleReport({
    ...parts,
    cases: cases.map((c, i) => (i % 5 === 0 && c.status === 'passed' ? failed(c, i) : c)),
  });
  return assembleReport({ ...parts, cases, baseline: { file: `baseline/${LONG_WORD}/conformance.json`, report: baseline } });
}
