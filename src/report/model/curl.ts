// One shell line that replays a recorded request as it went over the wire: a form body as is, a
// multipart body part by part (-F, a file's content piped in), a binary body decoded from base64.
// Credentials stay out of it: the account's key is a placeholder for the variable the user
// already has in their env file.
import type { RecordedExchange } from '../../engine/run/run-case.js';
import type { Exchange } from '../../http/client.js';

/** What a recorded request holds: the multipart parts and the body's encoding ride along (client.ts). */
type Sent = RecordedExchange['request'] & Partial<Pick<Exchange['request'], 'form' | 'bodyEncoding'>>;

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
    last = m.index + m[1].length;
  }
  return `"${out}${escaped(text.slice(last))}"`;
}

function credentials(request: Sent): string | null {
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
  const request: Sent = exchange.request;
  const parts = ['curl', '-sS'];
  const input: string[] = [];
  if (request.method !== 'GET' || request.body !== null) parts.push('-X', request.method);
  const auth = credentials(request);
  if (auth) parts.push(auth);
  if (request.form) {
    for (const part of request.form) {
      if (part.fileName === undefined) {
        parts.push('--form-string', shellQuote(`${part.name}=${part.value}`));
        continue;
      }
      const options = `;filename="${part.fileName}"${part.contentType ? `;type=${part.contentType}` : ''}`;
      if (!input.length) {
        // The first file's content comes on standard input; any further one from a process substitution (bash, zsh).
        input.push(`printf '%s' ${shellQuote(part.value)} |`);
        parts.push('-F', shellQuote(`${part.name}=@-${options}`));
      } else parts.push('-F', `${shellQuote(`${part.name}=@`)}<(printf '%s' ${shellQuote(part.value)})${shellQuote(options)}`);
    }
  } else if (request.body !== null && request.bodyEncoding === 'base64') {
    input.push(`printf '%s' ${shellQuote(request.body)} | base64 -d |`);
    parts.push('-H', shellQuote(`content-type: ${request.headers?.['content-type'] ?? 'application/octet-stream'}`), '--data-binary', '@-');
  } else if (request.body !== null) parts.push('--data-raw', quoteWithVars(request.body, vars));
  parts.push(quoteWithVars(request.url, vars));
  return [...input, ...parts].join(' ');
}
