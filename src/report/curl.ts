// One shell line that replays a recorded request. Credentials stay out of it: the account's key
// is a placeholder for the variable the user already has in their env file.
import type { RecordedExchange } from '../engine/run-case.js';

export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
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

export function curlCommand(exchange: RecordedExchange): string {
  const { request } = exchange;
  const parts = ['curl', '-sS'];
  if (request.method !== 'GET' || request.body !== null) parts.push('-X', request.method);
  const auth = credentials(request);
  if (auth) parts.push(auth);
  if (request.body !== null) parts.push('--data-raw', shellQuote(request.body));
  parts.push(shellQuote(request.url));
  return parts.join(' ');
}
