// Every text that reaches the page goes through esc(): case messages and answers come from the
// server under test and may hold markup.
export function esc(value: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any value a report holds, shown as text
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A value usable in an id attribute and a #fragment (case and clause ids are already close). */
export const anchor = (kind: 'case' | 'clause' | 'fact' | 'op', id: string) => `${kind}-${id.replace(/[^A-Za-z0-9._-]/g, '_')}`;
