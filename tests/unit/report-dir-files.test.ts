// What a run keeps in its report directory besides the reports: the lock that keeps a second run
// out, and the ledger, whose header and "finished" line tell a run that ended from one that did
// not (whose leftovers the next run removes first, or refuses to start over).
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE, lockReportDir } from '../../src/commands/run/report-dir-lock.js';
import { finishLedger, ledgerPath, readLedgerFile, startLedger } from '../../src/commands/shared/ledger-file.js';
import { leftoversOf } from '../../src/commands/run/leftovers.js';
import { loadConfig } from '../../src/config/config.js';
import { ConfigError } from '../../src/common/vocabulary.js';

const dir = () => mkdtempSync(join(tmpdir(), 'tcc-dir-'));
const entry = (key: string) => JSON.stringify({ kind: 'channel', key, role: 'owner', undo: { method: 'DELETE', path: '/streams/{stream_id}' }, at: 'now' });
const header = { run: 'abcd1234', target: 'http://127.0.0.1:9991', embedded: false, startedAt: '2026-01-02T03:04:05.000Z' };

describe('the report directory lock', () => {
  it('a second run into the directory is refused, naming the run that holds it; released, the directory is free again', () => {
    const d = dir();
    const release = lockReportDir(d);
    expect(JSON.parse(readFileSync(join(d, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(() => lockReportDir(d)).toThrow(ConfigError);
    expect(() => lockReportDir(d)).toThrow(
      new RegExp(`^--report-dir ${d}: in use by another run \\(pid ${process.pid}, started \\d{4}-\\d\\d-\\d\\d [\\d:]+ UTC\\); wait for it to end`),
    );
    release();
    expect(existsSync(join(d, LOCK_FILE))).toBe(false);
    lockReportDir(d)();
  });

  it('a lock left by a process that no longer runs (a kill -9) is taken over', () => {
    const d = dir();
    writeFileSync(join(d, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }));
    const release = lockReportDir(d);
    expect(JSON.parse(readFileSync(join(d, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });
});

describe('the ledger file', () => {
  it('a header says whose it is, the entries what was made, a "finished" line that nothing is left', () => {
    const file = ledgerPath(dir());
    expect(readLedgerFile(file)).toBeNull();
    startLedger(file, header);
    writeFileSync(file, `${readFileSync(file, 'utf8')}${entry('cf abcd1234 a')}\n{"kind": "cha`, { flag: 'w' });
    const open = readLedgerFile(file)!;
    expect(open).toMatchObject({ header, finished: false });
    expect(open.entries.map((e) => e.key)).toEqual(['cf abcd1234 a']);
    finishLedger(file);
    expect(readLedgerFile(file)!.finished).toBe(true);
  });
});

describe("an unfinished run's ledger", () => {
  const io = () => {
    const lines: string[] = [];
    return { lines, out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
  };
  const config = (target: string | null) => loadConfig({ env: target ? { CONFORMANCE_TARGET_URL: target } : {}, cwd: dir() });
  const ledger = (head: object | null, lines: string[], finished = false) => {
    const file = ledgerPath(dir());
    writeFileSync(file, [...(head ? [JSON.stringify(head)] : []), ...lines, ...(finished ? ['{"finished":"x"}'] : [])].join('\n'));
    return readLedgerFile(file);
  };

  it("none, a finished one, an empty one, or the embedded server's (gone with its run) leave nothing to do", () => {
    expect(leftoversOf(null, config(null), io())).toBeNull();
    expect(leftoversOf(ledger(header, [entry('a')], true), config(header.target), io())).toBeNull();
    expect(leftoversOf(ledger(header, []), config(header.target), io())).toBeNull();
    expect(leftoversOf(ledger({ ...header, embedded: true }, [entry('a')]), config(null), io())).toBeNull();
  });

  it('one of this target is removed first; one of another target stops the run, naming the cleanup command', () => {
    const mine = ledger(header, [entry('a'), entry('b')])!;
    expect(leftoversOf(mine, config(header.target), io())).toBe(mine);
    const other = ledger(header, [entry('a')])!;
    for (const target of ['http://127.0.0.1:9992', null]) {
      expect(() => leftoversOf(other, config(target), io())).toThrow(
        `${other.file} lists 1 things an unfinished run (run abcd1234 against http://127.0.0.1:9991, started 2026-01-02 03:04:05 UTC) created and did not remove; ` +
          `remove them first with \`npm run cli -- cleanup --ledger ${other.file} --env-file <the env file of that run>\`, or give this run another --report-dir`,
      );
    }
    // Never overwritten: it is still there, as it was.
    expect(readLedgerFile(other.file)!.entries).toHaveLength(1);
  });

  it('one an older version wrote, without a header, is kept aside for cleanup, not overwritten', () => {
    const legacy = ledger(null, [entry('a')])!;
    const out = io();
    expect(leftoversOf(legacy, config(header.target), out)).toBeNull();
    const kept = readdirSync(join(legacy.file, '..')).filter((f) => /^ledger\.\d+\.jsonl$/.test(f));
    expect(kept).toHaveLength(1);
    expect(existsSync(legacy.file)).toBe(false);
    expect(out.lines[0]).toMatch(/has no header \(an older version wrote it\); kept as .*ledger\.\d+\.jsonl: cleanup --ledger /);
  });
});
