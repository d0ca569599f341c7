// The env file `setup` writes: all at once (a file written beside it, then renamed over it), mode
// 0600 from its first byte, so a stopped setup leaves the old file or the new one, never half of
// one, and no other user can read the keys. An existing file keeps every line but the keys setup
// sets: its comments, its other settings and the lines that belong to other tools.
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { assignedKey } from '../../config/env-file.js';

const HEADER = '# teamchat-conformance target and accounts (written by `teamchat-conformance setup`; never commit it)';

/** `text` with each key of `values` set: the lines that set it rewritten in place, the keys it lacks appended. */
export function withValues(text: string | null, values: [key: string, value: string][]): string {
  const lines = text === null ? [HEADER] : text.replace(/\n$/, '').split('\n');
  const wanted = new Map(values);
  const written = new Set<string>();
  const out = lines.map((line) => {
    const key = assignedKey(line);
    if (key === null || !wanted.has(key)) return line;
    written.add(key);
    return `${/^\s*export\s/.test(line) ? 'export ' : ''}${key}=${wanted.get(key)}`;
  });
  const missing = values.filter(([key]) => !written.has(key));
  if (missing.length && text !== null) out.push('', '# written by `teamchat-conformance setup`');
  return `${[...out, ...missing.map(([key, value]) => `${key}=${value}`)].join('\n')}\n`;
}

/** Writes `values` into the env file at `path` (made, or updated as withValues says), mode 0600. */
export function writeEnvValues(path: string, values: [key: string, value: string][]): void {
  const before = existsSync(path) ? readFileSync(path, 'utf8') : null;
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, withValues(before, values), { mode: 0o600, flag: 'wx' });
    // Under a umask that takes bits away, 0600 stays 0600; the rename keeps the mode.
    chmodSync(temporary, 0o600);
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** The values of an env file (the keys of accounts setup made before), or none when there is no such file. */
export function valuesIn(path: string): Map<string, string> {
  return new Map(existsSync(path) ? Object.entries(parseDotenv(readFileSync(path, 'utf8'))) : []);
}
