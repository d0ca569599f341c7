// What the report adds to the cases: curl lines, the effective feature level, the baseline,
// the verdict, GitHub annotations and the sharding of spec files.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { ConfigError, type Role } from '../../src/common/vocabulary.js';
import { curlCommand, shellQuote } from '../../src/report/model/curl.js';
import { conformsThrough, levelSentence, unjudgedFrom } from '../../src/report/model/feature-level.js';
import { configurationSkips, missingAccounts } from '../../src/report/model/skip-causes.js';
import { ACTION_ENV } from '../../src/common/audience.js';
import { annotations, escapeData, escapeProperty } from '../../src/report/writers/github-annotations.js';
import { finish } from '../../src/report/model/assemble.js';
import { compareWithBaseline } from '../../src/report/model/baseline.js';
import { decide, shardOf } from '../../src/engine/run/plan.js';
import { placeholders } from '../../src/commands/run/list-plan.js';
import { fixtureReport } from './fixture.js';

describe('curl lines', () => {
  it("replay the request with the role's credentials as variables, and quote for the shell", () => {
    const request = {
      method: 'POST',
      url: 'http://h/api/v1/users/me/status',
      role: 'member2',
      body: "status_text=a b'c",
      headers: { authorization: 'Basic [redacted: member2]' },
    };
    expect(curlCommand({ request })).toBe(
      `curl -sS -X POST -u "$CONFORMANCE_MEMBER2_EMAIL:$CONFORMANCE_MEMBER2_API_KEY" --data-raw 'status_text=a b'\\''c' http://h/api/v1/users/me/status`,
    );
    expect(curlCommand({ request: { ...request, method: 'GET', body: null, role: null, headers: {} } })).toBe('curl -sS http://h/api/v1/users/me/status');
  });

  it('replay deliberately wrong credentials as they were sent (they are not secrets)', () => {
    const bad = Buffer.from('m@x.test:wrong-32-key').toString('base64');
    expect(curlCommand({ request: { method: 'GET', url: 'http://h/x?a=1&b=2', role: 'member', body: null, headers: { authorization: `Basic ${bad}` } } })).toBe(
      "curl -sS -u m@x.test:wrong-32-key 'http://h/x?a=1&b=2'",
    );
    expect(shellQuote('$HOME')).toBe("'$HOME'");
  });
});

describe('effective feature level', () => {
  it('is the highest level whose cases all pass', () => {
    expect(conformsThrough([{ status: 'passed' }, { since: 389, status: 'passed' }], 420)).toBe(420);
    expect(
      conformsThrough([{ status: 'passed' }, { since: 167, status: 'passed' }, { since: 390, status: 'failed' }, { since: 392, status: 'errored' }], 420),
    ).toBe(389);
    expect(conformsThrough([{ status: 'failed' }, { since: 167, status: 'passed' }], 420)).toBeNull();
    expect(conformsThrough([{ since: 392, status: 'skipped' }], 380)).toBe(380);
  });

  it('is not claimed past a level whose cases were skipped for a missing account', () => {
    const noMember = { status: 'skipped' as const, message: 'needs the member account, not configured' };
    expect(conformsThrough([{ status: 'passed' }, { ...noMember, since: 390 }], 420)).toBe(389);
    expect(unjudgedFrom([{ status: 'passed' }, { ...noMember, since: 390 }], 420)).toBe(390);
    expect(conformsThrough([{ status: 'passed' }, noMember], 420)).toBeNull();
    expect(unjudgedFrom([{ status: 'failed' }, noMember], 420)).toBeUndefined();
    const target = { url: 'u', featureLevel: 420, claimedFeatureLevel: 420, profile: 'spec' as const, embedded: false };
    expect(levelSentence({ ...target, conformsThrough: 389, unjudgedFrom: 390 })).toBe(
      'claims 420, conforms through 389 (cases of level 390 were skipped for missing configuration)',
    );
    expect(levelSentence({ ...target, conformsThrough: null, unjudgedFrom: 0 })).toBe(
      'claims 420, conformance level not established (cases without a feature level were skipped for missing configuration)',
    );
  });

  it("reads the plan's reason for a missing account, and no other skip, as missing configuration", () => {
    const spec = { file: 'specs/x.yaml', operation: 'GET /streams', title: 'x', cases: [] };
    const both = {
      id: 'x',
      title: 'x',
      clauses: [],
      steps: [
        { as: 'member' as const, request: { method: 'GET', path: '/' } },
        { as: 'guest' as const, request: { method: 'GET', path: '/' } },
      ],
    };
    const plan = { profile: 'spec' as const, featureLevel: 420, configuredRoles: new Set<Role>(), grep: null, operations: [], clauses: [] };
    const skip = decide(spec, both, plan) as { skip: string };
    expect(missingAccounts({ status: 'skipped', message: skip.skip })).toEqual(['member', 'guest']);
    expect(missingAccounts({ status: 'skipped', message: 'needs feature level 392, target has 380' })).toBeNull();
    expect(
      configurationSkips(
        [{ status: 'skipped', message: skip.skip }, { status: 'skipped', message: 'needs the member account, not configured' }, { status: 'passed' }],
        {},
      ),
    ).toEqual([
      { cause: 'no member account (CONFORMANCE_MEMBER_EMAIL)', roles: ['member'], count: 1 },
      { cause: 'no member and guest accounts (CONFORMANCE_MEMBER_EMAIL, CONFORMANCE_GUEST_EMAIL)', roles: ['member', 'guest'], count: 1 },
    ]);
    // In the GitHub Action the causes name its inputs.
    expect(configurationSkips([{ status: 'skipped', message: skip.skip }], { [ACTION_ENV]: 'true' })).toEqual([
      { cause: 'no member and guest accounts (input member-email, input guest-email)', roles: ['member', 'guest'], count: 1 },
    ]);
  });

  it('is stated next to the level the server claims', () => {
    const target = { url: 'u', featureLevel: 420, claimedFeatureLevel: 420, conformsThrough: 389, profile: 'spec' as const, embedded: false };
    expect(levelSentence(target)).toBe('claims 420, conforms through 389');
    expect(levelSentence({ ...target, featureLevel: 380, conformsThrough: 380 })).toBe('claims 420, judged as 380, conforms through 380');
  });
});

describe('baseline and verdict', () => {
  it('known failures do not fail the run, regressions do, improvements are listed', () => {
    const before = fixtureReport();
    const now = fixtureReport();
    now.cases = now.cases.map((c) =>
      c.id === 'op1.pass' ? { ...c, status: 'failed' as const, message: 'broke' } : c.id === 'op2.error' ? { ...c, status: 'passed' as const } : c,
    );
    const baseline = compareWithBaseline(now.cases, before, 'B.json');
    expect(baseline).toEqual({ file: 'B.json', knownFailures: ['op1.fail'], regressions: ['op1.pass'], improvements: ['op2.error'] });
    const { verdict } = finish({ ...now, baseline });
    expect(verdict).toEqual({ status: 'fail', newFailures: ['op1.pass'], reasons: ['1 regression not in the baseline or expectations: op1.pass'] });

    const same = fixtureReport();
    const { verdict: ok } = finish({ ...same, baseline: compareWithBaseline(same.cases, before, 'B.json') });
    expect(ok.status).toBe('pass');
    expect(same.cases.find((c) => c.id === 'op1.fail')!.baseline).toBe('known');
  });
});

describe('GitHub Actions annotations', () => {
  it("escape data and properties, one ::error per failure, with no file= of the suite (specs/...: not in the user's repository)", () => {
    expect(escapeData('50% a\nb\r')).toBe('50%25 a%0Ab%0D');
    expect(escapeProperty('a: b, c')).toBe('a%3A b%2C c');
    const lines = annotations(fixtureReport());
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^::error title=conformance%3A op1\.fail::GET \/streams \[op1\.order\]: .*%0Areproduce: curl /);
    expect(lines[1]).toMatch(/^::error title=could not judge%3A op2\.error::/);
    for (const line of lines) expect(line).not.toMatch(/\n|file=/);
  });

  it("stay within GitHub's 10 a step, grouping the failures past it by broken rule; in the action one place is left for the cause", () => {
    // Before: one ::error per failure, so with 10 or more the run's cause (printed after them) was dropped by GitHub.
    const [failed] = fixtureReport().cases.filter((c) => c.status === 'failed');
    const many = fixtureReport({ cases: Array.from({ length: 14 }, (_, i) => ({ ...failed, id: `op1.fail-${i}` })) });
    const plain = annotations(many);
    expect(plain).toHaveLength(10);
    expect(plain.slice(0, 9).every((line) => line.startsWith('::error title=conformance%3A op1.fail-'))).toBe(true);
    expect(plain[9]).toMatch(
      /^::error title=conformance%3A 5 more::5 more failures than GitHub keeps as annotations of a step \(10\); every one is in the job summary and conformance\.md\. By the rule they break:%0Aop1\.order: 5 \(op1\.fail-9, op1\.fail-10, op1\.fail-11, op1\.fail-12, op1\.fail-13\)$/,
    );
    const inAction = annotations(many, { reserved: 1 });
    expect(inAction).toHaveLength(9);
    expect(inAction[8]).toContain('6 more failures');
  });

  it('name the expectations file with file= only where it is in the workspace, by its path there', () => {
    const report = fixtureReport();
    report.expectations = { file: '/work/repo/ci/known.yaml', expected: [], stale: ['op9.x'], expired: [], unknown: [] };
    expect(annotations(report, { workspace: '/work/repo' }).at(-1)).toMatch(/^::error file=ci\/known\.yaml,title=stale expectation%3A op9\.x::/);
    expect(annotations(report, { workspace: '/elsewhere' }).at(-1)).toMatch(/^::error title=stale expectation%3A op9\.x::/);
  });
});

describe('--shard and --list helpers', () => {
  it('puts every spec file in exactly one shard, the same one every time', () => {
    const files = Array.from({ length: 40 }, (_, i) => `specs/op-${i}.yaml`);
    for (const count of [1, 2, 3, 5]) {
      const shards = files.map((f) => shardOf(f, count));
      expect(shards.every((s) => s >= 1 && s <= count)).toBe(true);
      expect(files.map((f) => shardOf(f, count))).toEqual(shards);
      if (count > 1) expect(new Set(shards).size).toBe(count);
    }
  });

  it('reads --shard i/n and refuses anything else', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'tcc-cfg-'));
    expect(loadConfig({ flags: { shard: '2/3' }, env: {}, cwd }).shard).toEqual({ index: 2, count: 3 });
    expect(loadConfig({ flags: {}, env: { CONFORMANCE_SHARD: '1/1' }, cwd }).shard).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/3', '4/3', '1', 'a/b']) expect(() => loadConfig({ flags: { shard: bad }, env: {}, cwd })).toThrow(ConfigError);
  });

  it('shows values captured at run time as <name> and computes repeat()', () => {
    expect(placeholders({ a: 'cf ${run.id} x', b: ['${accounts.member.user_id}'], c: "${repeat('x', 3)}", d: 4 })).toEqual({
      a: 'cf <run.id> x',
      b: ['<accounts.member.user_id>'],
      c: 'xxx',
      d: 4,
    });
  });
});
