// A newer server: every JSON object of every answer (success and error bodies, the objects in
// their lists, the events of GET /events and what they carry) gains a field this suite has never
// heard of, as the Zulip server's later feature levels add fields. Where the API document closes
// a shape with "only" it is left alone: an edit snapshot ("only topic, content, ...") and a
// group-setting value's object form ("an object with two fields").
import type { Rewrite } from './rewriting-proxy.js';

export const LATER_FIELD = 'added_at_a_later_level';

function extended(value: unknown, key: string | null): unknown {
  if (Array.isArray(value)) return key === 'message_history' ? value : value.map((v) => extended(v, null));
  if (typeof value !== 'object' || value === null) return value;
  const fields = Object.entries(value as Record<string, unknown>);
  if (fields.length === 2 && 'direct_members' in value && 'direct_subgroups' in value) return value;
  return { ...Object.fromEntries(fields.map(([k, v]) => [k, extended(v, k)])), [LATER_FIELD]: { level: 999 } };
}

export const EXTRA_FIELDS_EVERYWHERE: Rewrite = {
  answer: (_, answer) => {
    if (answer.json !== undefined) answer.json = extended(answer.json, null);
  },
};
