// Reads an env file strictly where it speaks to the suite. dotenv skips a line it cannot parse
// without a word, and an unknown key is just another variable, so a typo (`CONFORMANCE_TARGET_ULR=`,
// `CONFORMACE_MEMBER_EMAIL=`) would quietly leave a setting unset. Here a CONFORMANCE_* key the
// suite does not know, a key a typo away from one (a near-miss of the prefix), and a line of the
// suite's without "=" stop the run naming file and line. The lines of other tools (a server
// project's own `.env`: `source ./other.env`, its own keys) are left alone.
import { readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';
import { distance } from 'fastest-levenshtein';
import { didYouMean } from '../common/suggest.js';

export class EnvFileError extends Error {}

export interface EnvFile {
  path: string;
  values: Record<string, string>;
}

export const KEY_PREFIX = 'CONFORMANCE_';
const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*=(.*)$/;
const QUOTES = ['"', "'", '`'];

/** The key a `KEY=value` line (or `export KEY=value`) sets, or null for any other line. */
export function assignedKey(line: string): string | null {
  return ASSIGNMENT.exec(line)?.[1] ?? null;
}

/** The last line of a value opened on line `start` (dotenv allows multi-line quoted values). */
function closingLine(lines: string[], start: number, value: string): number {
  const quote = value.trimStart()[0];
  if (!QUOTES.includes(quote) || value.trimStart().slice(1).includes(quote)) return start;
  for (let i = start + 1; i < lines.length; i += 1) if (lines[i].includes(quote)) return i;
  return start;
}

/** Reads `path`; `knownKeys` are the CONFORMANCE_* names the suite reads. */
export function readEnvFile(path: string, knownKeys: readonly string[]): EnvFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EnvFileError(`env file ${path}: ${code === 'ENOENT' ? 'not found' : code === 'EISDIR' ? 'is a directory' : (error as Error).message}`);
  }
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const where = `env file ${path}, line ${i + 1}`;
    const m = ASSIGNMENT.exec(line);
    if (!m) {
      // A line of another tool's (`source ./other.env`) is its own business; one of the suite's
      // without "=" is a mistake. Only the first word is shown: the rest may be an API key.
      const word = /^\s*(?:export\s+)?([\w.-]+)/.exec(line)?.[1];
      if (word === undefined || !meantForSuite(word, knownKeys)) continue;
      const suggestion = !knownKeys.includes(word) ? didYouMean(word, knownKeys) : '';
      throw new EnvFileError(`${where}: expected KEY=value, got "${word}" without "="${suggestion}`);
    }
    const key = m[1];
    if (meantForSuite(key, knownKeys) && !knownKeys.includes(key)) {
      throw new EnvFileError(`${where}: unknown key ${key}${unknownKeyHint(key, knownKeys)}`);
    }
    i = closingLine(lines, i, m[2]);
  }
  return { path, values: parseDotenv(text) };
}

/**
 * A name meant for the suite: a CONFORMANCE_* one, or one a typo away from a key of the suite's
 * (`CONFORMACE_MEMBER_EMAIL`, `conformance_profile`: its prefix, or the whole key, at most two edits
 * off). Another tool's keys are further away.
 */
export function meantForSuite(name: string, knownKeys: readonly string[]): boolean {
  if (name.startsWith(KEY_PREFIX)) return true;
  const prefix = name.split('_')[0].toUpperCase();
  const nearPrefix = name.includes('_') && distance(prefix, KEY_PREFIX.slice(0, -1)) <= 2;
  return nearPrefix || knownKeys.some((key) => distance(name.toUpperCase(), key) <= 2);
}

/** " (did you mean X?)", or for a near-miss of the prefix with no key close, what the prefix must be. */
function unknownKeyHint(name: string, knownKeys: readonly string[]): string {
  const suggestion = didYouMean(name, knownKeys);
  if (suggestion || name.startsWith(KEY_PREFIX)) return suggestion;
  return ` (the suite's keys start with ${KEY_PREFIX})`;
}

/** Unknown CONFORMANCE_* variables in the process environment, and near-misses of the prefix: each is a typo of a known one. */
export function checkEnvironment(env: Record<string, string | undefined>, knownKeys: readonly string[]): void {
  for (const name of Object.keys(env).sort()) {
    if (meantForSuite(name, knownKeys) && !knownKeys.includes(name)) {
      throw new EnvFileError(`environment variable ${name}: unknown${unknownKeyHint(name, knownKeys)}`);
    }
  }
}
