// Reads an env file strictly. dotenv skips a line it cannot parse without a word, and an unknown
// key is just another variable, so a typo (`CONFORMANCE_TARGET_ULR=`) would quietly leave the
// target unset and test the embedded server instead. Here a line that is not blank, a comment or
// KEY=value, and a CONFORMANCE_* key the suite does not know, stop the run naming file and line.
import { readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';
import { didYouMean } from '../common/suggest.js';

export class EnvFileError extends Error {}

export interface EnvFile {
  path: string;
  values: Record<string, string>;
}

export const KEY_PREFIX = 'CONFORMANCE_';
const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*=(.*)$/;
const QUOTES = ['"', "'", '`'];

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
      // Only the first word is shown: the rest of a broken line may be an API key.
      const word = /^\s*([\w.-]+)/.exec(line)?.[1];
      const suggestion = word && !knownKeys.includes(word) ? didYouMean(word, knownKeys) : '';
      throw new EnvFileError(`${where}: expected KEY=value${word ? `, got "${word}" without "="${suggestion}` : ''}`);
    }
    const key = m[1];
    if (key.startsWith(KEY_PREFIX) && !knownKeys.includes(key)) {
      throw new EnvFileError(`${where}: unknown key ${key}${didYouMean(key, knownKeys)}`);
    }
    i = closingLine(lines, i, m[2]);
  }
  return { path, values: parseDotenv(text) };
}

/** Unknown CONFORMANCE_* variables in the process environment: each is a typo of a known one. */
export function checkEnvironment(env: Record<string, string | undefined>, knownKeys: readonly string[]): void {
  for (const name of Object.keys(env).sort()) {
    if (name.startsWith(KEY_PREFIX) && !knownKeys.includes(name)) {
      throw new EnvFileError(`environment variable ${name}: unknown${didYouMean(name, knownKeys)}`);
    }
  }
}
