// The report set as a user gets it from the command line: the four files of a clean run, the
// HAR, --feature-level with compare, baselines and expectations on a broken server, --shard with
// merge, and --list. Runs share a few CLI invocations (each takes 2-3 s) and run concurrently.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseXml } from '../report/xml-check.js';
import { runCli, serveCli, type Ran as CliRan, type Served } from '../support/cli.js';
import { scaled } from '../support/time-limits.js';
import { readReportFile } from '../support/report-format.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tcc-rep-'));

type Ran = CliRan & { dir: string };

/** Runs the CLI in a fresh working directory, which the result names. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const dir = tmp();
  return { ...(await runCli(args, { cwd: dir, env })), dir };
}
const json = (dir: string) => readReportFile(dir);
type Case = { id: string; status: string; message?: string };
const statuses = (report: { cases: Case[] }) => report.cases.map((c) => `${c.id}=${c.status}`).sort();

// Two operations keep the runs short (a CLI run costs 2-3 s of CPU); the spec cases of GET /streams
// on a server with a fault fail the same way every run (no property cases among them).
const OPS = ['--operation', 'GET /streams', '--operation', 'POST /users/me/status'];
const BROKEN = ['--profile', 'zulip', '--reference-quirk', 'streams-unsorted', '--operation', 'GET /streams', '--grep', 'op20.'];
let fullRun: Promise<Ran>;
let brokenRun: Promise<Ran>;

// Generous limits: these tests chain up to three CLI runs, and CI machines are sometimes busy.
describe.concurrent('reports from the command line', { timeout: scaled(150_000) }, () => {
  let server: Served;
  let envFile: string;

  beforeAll(async () => {
    server = await serveCli(tmp());
    envFile = server.envFile;
    fullRun = cli(['run', '--report-dir', '.', '--env-file', envFile, ...OPS, '--har', 'run.har'], { GITHUB_ACTIONS: 'true' });
    // Against the clean run as baseline: its failures are regressions.
    brokenRun = fullRun.then((full) =>
      cli(['run', '--report-dir', '.', ...BROKEN, '--baseline', join(full.dir, 'conformance.json')], { GITHUB_ACTIONS: 'true' }),
    );
  });
  afterAll(() => server.stop());

  it('a clean run writes all four files; JUnit counts equal the JSON; the HAR holds no API key', async () => {
    const ran = await fullRun;
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    const report = json(ran.dir);
    // Two operations of the suite: a partial run, which says its filter and claims no level.
    expect(report.verdict).toMatchObject({ status: 'partial', partial: { filter: '--operation "GET /streams" --operation "POST /users/me/status"' } });
    expect(report.filter).toEqual({ operations: ['GET /streams', 'POST /users/me/status'] });
    expect(report.target.conformsThrough).toBeNull();
    expect(ran.stdout).toContain(
      `Feature level: claims ${report.target.claimedFeatureLevel}, no conformance level claimed (a partial run (--operation "GET /streams" --operation "POST /users/me/status") ran only the cases its filter kept)`,
    );
    expect(ran.stdout).toContain('PARTIAL: only the cases --operation "GET /streams" --operation "POST /users/me/status" keeps ran');
    expect(ran.stdout).not.toMatch(/^::error/m);
    const junit = parseXml(readFileSync(join(ran.dir, 'junit.xml'), 'utf8'));
    expect(junit.filter((e) => e.name === 'testcase')).toHaveLength(report.summary.total);
    expect(junit[0].attrs).toMatchObject({ tests: String(report.summary.total), failures: '0', errors: '0', skipped: String(report.summary.skipped) });
    const md = readFileSync(join(ran.dir, 'conformance.md'), 'utf8');
    expect(md).toContain(`PARTIAL: ${report.summary.passed} passed, 0 failed, 0 errored`);
    const html = readFileSync(join(ran.dir, 'conformance.html'), 'utf8');
    expect(html.match(/<details class="case /g)).toHaveLength(report.summary.total);
    expect(html).not.toMatch(/\s(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);

    const har = readFileSync(join(ran.dir, 'run.har'), 'utf8');
    for (const [, key] of readFileSync(envFile, 'utf8').matchAll(/^CONFORMANCE_\w+_API_KEY=(.+)$/gm)) expect(har).not.toContain(key);
    const entries = JSON.parse(har).log.entries as {
      request: { method: string; url: string };
      response: { status: number };
      _caseId?: string;
      _step?: number;
    }[];
    expect(entries.length).toBeGreaterThan(report.summary.total);
    expect(entries.some((e) => e.request.method === 'POST' && e.request.url.endsWith('/api/v1/users/me/subscriptions'))).toBe(true);
    // Each case's requests carry its id and step, so a failure leads to its traffic.
    const caseIds = new Set(report.cases.filter((c: Case) => c.status !== 'skipped').map((c: Case) => c.id));
    const traced = entries.filter((e) => e._caseId !== undefined);
    expect(traced.length).toBeGreaterThan(0);
    for (const e of traced) {
      expect(caseIds.has(e._caseId!)).toBe(true);
      expect(e._step).toBeGreaterThanOrEqual(1);
    }
  });

  it('--feature-level 380 skips newer cases with reasons, and compare with a full run lists them', async () => {
    const old = await cli(['run', '--report-dir', '.', '--env-file', envFile, ...OPS, '--feature-level', '380']);
    expect(old.code).toBe(0);
    const skipped = (json(old.dir).cases as Case[]).filter((c) => c.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    for (const c of skipped) expect(c.message).toMatch(/^needs feature level \d+, target has 380$/);
    const full = await fullRun;
    const cmp = await cli(['compare', join(old.dir, 'conformance.json'), join(full.dir, 'conformance.json'), '--format', 'md', '--fail-on-regression']);
    expect(cmp.code).toBe(0);
    expect(cmp.stdout).toContain(`### Skipped in one run (${skipped.length})`);
    for (const c of skipped) expect(cmp.stdout).toContain(`| \`${c.id}\` |`);
    expect(cmp.stdout).not.toContain('### Newly failing');
  });

  it('a broken server fails naming the regressions against a clean baseline, and passes against its own earlier report', async () => {
    const regressed = await brokenRun;
    expect(regressed.code).toBe(1);
    const failing = (json(regressed.dir).cases as Case[]).filter((c) => c.status === 'failed').map((c) => c.id);
    expect(failing).toEqual(['op20.zulip.sorted-by-name']);
    expect(json(regressed.dir).baseline.regressions).toEqual(failing);
    expect(regressed.stdout).toContain('1 regression: op20.zulip.sorted-by-name');
    expect(regressed.stdout).toMatch(/^::error title=conformance%3A op20\.zulip\.sorted-by-name::GET \/streams \[zulip\.streams\.sorted-by-name\]: /m);
    expect(readFileSync(join(regressed.dir, 'conformance.md'), 'utf8')).toContain('**Regressions** (1): `op20.zulip.sorted-by-name`');

    // Its own report as baseline, and an expectations file written from this run: the failure is known and expected.
    const known = await cli([
      'run',
      '--report-dir',
      '.',
      ...BROKEN,
      '--baseline',
      join(regressed.dir, 'conformance.json'),
      '--expectations',
      'expectations.yaml',
      '--update-expectations',
    ]);
    expect(known.code).toBe(0);
    expect(json(known.dir).baseline).toMatchObject({ knownFailures: failing, regressions: [] });
    expect(known.stdout).toContain('1 known failure: op20.zulip.sorted-by-name');
    // During the run it is marked known, not FAIL; junit.xml shows it skipped, so CI test views stay green.
    expect(known.stdout).toMatch(/^ {2}known op20\.zulip\.sorted-by-name \(failed in the baseline \S+conformance\.json too\)$/m);
    expect(known.stdout).not.toMatch(/FAIL op20/);
    expect(known.stdout).toMatch(/^✓ GET \/streams +\d+ passed, 1 known failing/m);
    const junit = parseXml(readFileSync(join(known.dir, 'junit.xml'), 'utf8'));
    expect(junit.filter((e) => e.name === 'failure')).toHaveLength(0);
    expect(junit.find((e) => e.name === 'skipped' && e.attrs.message.startsWith('known failure (failed in the baseline '))).toBeDefined();
    expect(readFileSync(join(known.dir, 'expectations.yaml'), 'utf8')).toMatch(/^ {2}op20\.zulip\.sorted-by-name:\n {4}reason: "?TODO: explain why/m);
    expect(json(known.dir).expectations).toMatchObject({ expected: failing, stale: [], updated: { added: failing, removed: [] } });

    // The expectations file alone: the failure is marked expected, with the entry's reason.
    const expected = await cli(['run', '--report-dir', '.', ...BROKEN, '--expectations', join(known.dir, 'expectations.yaml')]);
    expect(expected.code).toBe(0);
    expect(expected.stdout).toMatch(/^ {2}expected op20\.zulip\.sorted-by-name \(expected: TODO: explain why/m);
    expect(expected.stdout).not.toMatch(/FAIL op20/);
    expect(
      parseXml(readFileSync(join(expected.dir, 'junit.xml'), 'utf8')).find(
        (e) => e.name === 'skipped' && e.attrs.message.startsWith('expected failure (expected: TODO'),
      ),
    ).toBeDefined();
  });

  it('sharded runs merged equal an unsharded run, case for case', async () => {
    const [one, two] = await Promise.all([1, 2].map((i) => cli(['run', '--report-dir', '.', '--env-file', envFile, ...OPS, '--shard', `${i}/2`])));
    expect([one.code, two.code]).toEqual([0, 0]);
    expect(json(one.dir).cases.length).toBeGreaterThan(0);
    expect(json(two.dir).cases.length).toBeGreaterThan(0);
    const out = tmp();
    const merged = await cli(['merge', join(one.dir, 'conformance.json'), join(two.dir, 'conformance.json'), '--out', out]);
    expect(merged.code).toBe(0);
    for (const name of ['conformance.json', 'conformance.html', 'conformance.md', 'junit.xml']) expect(existsSync(join(out, name))).toBe(true);
    const whole = json((await fullRun).dir);
    expect(statuses(json(out))).toEqual(statuses(whole));
    expect(json(out).summary).toEqual(whole.summary);
    // Each shard alone is partial; together they are what the unsharded run was.
    expect(json(one.dir).verdict.partial.filter).toMatch(/--shard 1\/2$/);
    expect(json(out).verdict).toEqual(whole.verdict);

    // A shard lost on the way, or uploaded twice, is not a PASS.
    const [missing, twice] = await Promise.all([
      cli(['merge', join(one.dir, 'conformance.json'), '--out', tmp()]),
      cli(['merge', join(one.dir, 'conformance.json'), join(one.dir, 'conformance.json'), join(two.dir, 'conformance.json'), '--out', tmp()]),
    ]);
    expect(missing.stderr).toBe('teamchat-conformance: merge: not one complete set of shards: shard 2 of 2 missing\n');
    expect(missing.code).toBe(2);
    expect(twice.stderr).toMatch(
      /^teamchat-conformance: merge: not one complete set of shards: shard 1 of 2 given 2 times \(\S+conformance\.json, \S+conformance\.json\)\n$/,
    );
    expect(twice.code).toBe(2);
  });

  it('--list prints the plan and every write request, sends nothing and exits 0', async () => {
    const ran = await cli(['run', '--list', '--feature-level', '380', '--operation', 'GET /streams']);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^ {2}skip {2}op20\.object\.topics-policy: needs feature level 392, target has 380$/m);
    expect(ran.stdout).toMatch(/^ {4}write: POST \/users\/me\/subscriptions as owner: subscriptions=\[\{"name":"cf <run\.id> public"/m);
    expect(ran.stdout).toMatch(/^ {4}write: DELETE \/streams\/<archived_id> as owner$/m);
    expect(ran.stdout).toMatch(/\d+ cases would run, \d+ would be skipped; \d+ write requests \(non-GET\), nothing sent$/m);
  });

  it('--list shows the push-relay cases as runnable on the embedded server only, and the time limits everywhere', async () => {
    const seeded = ['run', '--list', '--profile', 'zulip', '--grep', 'op'];
    const accounts = Object.fromEntries(
      ['OWNER', 'ADMIN', 'MODERATOR', 'MEMBER', 'MEMBER2', 'GUEST'].flatMap((r) => [
        [`CONFORMANCE_${r}_EMAIL`, `${r.toLowerCase()}@x.test`],
        [`CONFORMANCE_${r}_API_KEY`, 'k'],
      ]),
    );
    const [embedded, other] = await Promise.all([cli(seeded), cli([...seeded, '--target-url', 'http://127.0.0.1:9'], accounts)]);
    expect(embedded.stdout).toMatch(/^Plan for the embedded reference server \(no target configured\)/);
    expect(embedded.stdout).toMatch(/^ {2}run {3}op21\.seeded\.relay-ok: /m);
    expect(embedded.stdout).toMatch(/^ {2}run {3}op10\.new-email\.owner: /m);
    expect(other.stdout).toMatch(
      /^ {2}skip {2}op21\.seeded\.relay-ok: needs push devices behind a push relay in each failing state, which only the reference server seeds/m,
    );
    expect(other.stdout).toMatch(
      /^ {2}skip {2}op10\.new-email\.owner: needs an owner holding can_change_user_emails, .*CONFORMANCE_OWNER_CAN_CHANGE_USER_EMAILS=true/m,
    );
    expect(other.stdout).toMatch(/^ {2}run {3}op1\.rule4\.topic-time-limit: /m);
    expect(other.stdout).toMatch(/^PATCH \/messages\/\{message_id\} \(specs\/edit-message-time-limits\.yaml, .*cases start once the fixtures are 27 s old\)$/m);
    expect(other.stdout).toMatch(
      /^ {2}run {3}op10\.role\.only-owner-stays-owner: .* \(if the configured owner is the organisation's only owner: else skipped\)$/m,
    );
    expect(other.stdout).toMatch(/^ {4}write: POST \/bots as admin: .* \(optional: where it fails, the cases needing it are skipped\)$/m);
    expect(other.stdout).toMatch(/^ {8}write: POST \/messages as <crowd01_email> \(an account the run made\): /m);
    const withGrant = await cli([...seeded, '--target-url', 'http://127.0.0.1:9', '--owner-can-change-user-emails'], accounts);
    expect(withGrant.stdout).toMatch(/^ {2}run {3}op10\.new-email\.owner: /m);
  });
});
