// A fixed report for the writers' tests: every outcome, two operations, two feature levels, and
// text from the "server" that must be escaped everywhere.
import type { ConformanceReport } from '../../src/report/model/model.js';
import { finish, withCurl } from '../../src/report/model/assemble.js';
import type { VerdictOptions } from '../../src/report/model/verdict.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';

const cases: CaseResult[] = [
  {
    id: 'op1.pass',
    endpoint: 'GET /streams',
    title: 'lists channels',
    file: 'specs/get-channels.yaml',
    clauses: ['op1.rule'],
    status: 'passed',
    durationMs: 12,
  },
  {
    id: 'op1.fail',
    endpoint: 'GET /streams',
    title: 'sorted <by> name & "id"',
    file: 'specs/get-channels.yaml',
    clauses: ['op1.order'],
    status: 'failed',
    durationMs: 20,
    message: 'GET /streams [op1.order]: streams[*].name: expected ascending order, got "b" before "a" (index 0) (as member, GET /streams)',
    failures: [
      {
        clause: 'op1.order',
        clauses: ['op1.order'],
        step: 1,
        check: 'body',
        path: 'streams[*].name',
        expected: 'ascending order',
        actual: '"b" before "a" (index 0)',
        message: 'streams[*].name: expected ascending order, got "b" before "a" (index 0)',
      },
    ],
    broken: ['op1.order'],
    exchange: {
      request: {
        method: 'GET',
        url: 'http://127.0.0.1:9/api/v1/streams?x=1',
        role: 'member',
        body: null,
        headers: { authorization: 'Basic [redacted: member]' },
      },
      response: { status: 200, body: '{"result":"success","msg":"","streams":[{"name":"<script>alert(1)</script>"},{"name":"a|b"}]}' },
    },
  },
  {
    id: 'op2.error',
    endpoint: 'POST /users/me/status',
    title: 'status text is stored',
    file: 'specs/update-status.yaml',
    clauses: ['op2.text'],
    since: 167,
    status: 'errored',
    durationMs: 5,
    message: 'POST /users/me/status: could not judge: timeout: no complete answer within 100 ms (as member, POST /users/me/status)',
    exchange: {
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:9/api/v1/users/me/status',
        role: 'member',
        body: "status_text=it's",
        headers: { authorization: 'Basic [redacted: member]' },
      },
      error: 'timeout: no complete answer within 100 ms',
    },
  },
  {
    id: 'op2.skip',
    endpoint: 'POST /users/me/status',
    title: 'newer field',
    file: 'specs/update-status.yaml',
    clauses: ['op2.new'],
    since: 392,
    status: 'skipped',
    durationMs: 0,
    message: 'needs feature level 392, target has 380',
  },
];

export function fixtureReport(overrides: Partial<ConformanceReport> = {}, verdict: VerdictOptions = {}): ConformanceReport {
  return finish(
    {
      formatVersion: 1,
      tool: { name: 'teamchat-conformance', version: '0.0.0-test' },
      target: { url: 'http://127.0.0.1:9', featureLevel: 380, claimedFeatureLevel: 420, profile: 'spec', embedded: false },
      startedAt: '2026-01-02T03:04:05.000Z',
      durationMs: 1234,
      summary: { total: 0, passed: 0, failed: 0, skipped: 0, errored: 0 },
      cases: cases.map(withCurl),
      clauses: [
        { id: 'op1.rule', endpoint: 'GET /streams', text: 'Lists channels.', status: 'tested', cases: ['op1.pass'], provenBy: ['op1.pass'] },
        { id: 'op1.order', endpoint: 'GET /streams', text: 'Channels come <sorted> by name.', status: 'tested', cases: ['op1.fail'], provenBy: ['op1.fail'] },
        { id: 'op1.hidden', endpoint: 'GET /streams', text: 'Not shown.', status: 'unspecified', unobservable: 'reads of <it> are not shown', cases: [] },
        {
          id: 'op2.text',
          endpoint: 'POST /users/me/status',
          text: 'Stores the text.',
          since: 167,
          status: 'tested',
          cases: ['op2.error'],
          provenBy: ['op2.error'],
        },
        { id: 'op2.new', endpoint: 'POST /users/me/status', text: 'A newer field.', since: 392, status: 'untested', cases: ['op2.skip'] },
      ],
      runWarnings: [],
      ...overrides,
    },
    verdict,
  );
}
