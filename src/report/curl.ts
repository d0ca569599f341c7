// One shell line that replays a recorded request. Credentials stay out of it: the account's key
// is a placeholder for the variable the user already has in their env file.
import type { RecordedExchange } from '../engine/run-case.js';

export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Values an earlier step captured, by their text, and the shell variable now holding each. */
export type ShellVars = ReadonlyMap<string, string>;

/** Quotes an argument; where it carries a captured value, the variable stands in its place. */
export function quoteWithVars(text: string, vars: ShellVars = new Map()): string {
  const values = [...vars.keys()].sort((a, b) => b.length - a.length).map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!values.length) return shellQuote(text);
  // A value counts only as a whole token: 117 in /folders/117 or id=117, not in 21170.
  const pattern = new RegExp(`(?<![\\w.])(${values.join('|')})(?![\\w.])`, 'g');
  const matches = [...text.matchAll(pattern)];
  if (!matches.length) return shellQuote(text);
  const escaped = (part: string) => part.replace(/[\\"$`]/g, '\\$&');
  let out = '';
  let last = 0;
  for (const m of matches) {
    out += escaped(text.slice(last, m.index)) + `\${${vars.get(m[1])}}`;
    last = m.index! + m[1].length;
  }
  return `"${out}${escaped(text.slice(last))}"`;
}

function credentials(request: RecordedExchange['request']): string | null {
  const header = request.headers?.authorization;
  const redacted = header ? /^Basic \[redacted: (\w+)\]$/.exec(header) : null;
  const role = redacted?.[1] ?? (header ? null : request.role);
  if (role) {
    const name = `CONFORMANCE_${role.toUpperCase()}`;
    return `-u "$${name}_EMAIL:$${name}_API_KEY"`;
  }
  if (header?.startsWith('Basic ')) {
    // Not a redacted secret: the case sent deliberately wrong credentials; replay them as they were.
    return `-u ${shellQuote(Buffer.from(header.slice(6), 'base64').toString('utf8'))}`;
  }
  return null;
}

export function curlCommand(exchange: RecordedExchange, vars?: ShellVars): string {
  const { request } = exchange;
  const parts = ['curl', '-sS'];
  if (request.method !== 'GET' || request.body !== null) parts.push('-X', request.method);
  const auth = credentials(request);
  if (auth) parts.push(auth);
  if (request.body !== null) parts.push('--data-raw', quoteWithVars(request.body, vars));
  parts.push(quoteWithVars(request.url, vars));
  return parts.join(' ');
}
