// The reproduction of a failing multi-step case: a short shell script that replays every step
// that led to the failure, in order. A value a later step took from an earlier answer (a
// capture) is read from that answer with jq and passed along, so the replay makes its own
// channel, message or folder and aims the later steps at it, as the case did.
import type { RecordedStep } from '../../engine/run/run-case.js';
import { parsePath } from '../../engine/judge/body-path.js';
import { curlCommand, shellQuote } from './curl.js';

/** A body path as a jq filter: "streams[?name=x].stream_id" -> 'first(.streams[] | select((.name | tostring) == "x")) | .stream_id'. */
export function jqFilter(path: string): string {
  let filter = '';
  for (const seg of parsePath(path)) {
    if ('key' in seg) filter += /^[A-Za-z_]\w*$/.test(seg.key) ? `.${seg.key}` : `.[${JSON.stringify(seg.key)}]`;
    else if ('index' in seg) filter += `[${seg.index}]`;
    else if ('all' in seg) filter += '[]';
    else {
      const pick = `${filter || '.'}[] | select((.${seg.field} | tostring) == ${JSON.stringify(seg.equals)})`;
      filter = `${seg.every ? `(${pick})` : `first(${pick})`} | `;
    }
  }
  return filter.replace(/ \| $/, '').replace(/\| \./g, '| .') || '.';
}

// Short values (an id of 7) would match by chance in later requests: those stay literal.
const MIN_SUBSTITUTED = 2;

export function reproScript(steps: RecordedStep[]): string {
  const lines = ['#!/bin/sh', '# Replays the steps of the case in order. Credentials come from your env file:', '#   set -a; . ./my.env; set +a', 'set -eu'];
  const vars = new Map<string, string>();
  for (const step of steps) {
    const command = curlCommand(step.exchange, vars);
    const capture = Object.entries(step.capture ?? {});
    // A step the case sent again because its answer asked for it (delete_topic's complete: false).
    const sent = step.sent ?? 1;
    lines.push('', `# step ${step.step}${sent > 1 ? `, sent ${sent} times: its answer asked the client to repeat it` : ''}`);
    for (let i = 1; i < sent; i += 1) lines.push(`${command} > /dev/null`);
    if (!capture.length) {
      lines.push(command);
      continue;
    }
    lines.push(`answer=$(${command})`, 'printf \'%s\\n\' "$answer"');
    for (const [name, path] of capture) {
      const variable = name.replace(/\W/g, '_');
      lines.push(`${variable}=$(printf '%s' "$answer" | jq -r ${shellQuote(jqFilter(path))})`);
      const value = step.captured?.[name];
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a primitive here: objects were excluded
      if (value !== undefined && value !== null && typeof value !== 'object' && String(value).length >= MIN_SUBSTITUTED) vars.set(String(value), variable);
    }
  }
  return `${lines.join('\n')}\n`;
}
