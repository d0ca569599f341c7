// What an organisation looks like to the accounts of an env file, as far as a run may change it:
// the organisation's settings and new users' defaults, each account's own settings, status, name,
// role and address, and the channels no run made. Two snapshots differing name each path that
// changed, "realm.realm_allow_message_editing: true -> false".
import { request } from 'undici';
import { isDeepStrictEqual } from 'node:util';
import { ROLES } from '../../src/common/vocabulary.js';

type Json = Record<string, unknown>;
export interface Target {
  url: string;
  accounts: Partial<Record<string, { email: string; apiKey: string }>>;
}

/** Fields that change by themselves (traffic, counts, the newest message): not settings. */
const VOLATILE = new Set(['stream_weekly_traffic', 'subscriber_count', 'first_message_id', 'last_event_id', 'queue_id', 'max_message_id']);

async function call(target: Target, role: string, method: string, path: string, params: Record<string, string> = {}): Promise<Json> {
  const account = target.accounts[role]!;
  const form = new URLSearchParams(params).toString();
  const res = await request(`${target.url}/api/v1${path}${method === 'GET' && form ? `?${form}` : ''}`, {
    method: method as 'GET' | 'POST' | 'DELETE',
    headers: {
      authorization: `Basic ${Buffer.from(`${account.email}:${account.apiKey}`).toString('base64')}`,
      ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: method === 'GET' ? undefined : form,
  });
  return (await res.body.json()) as Json;
}

async function register(target: Target, role: string, sections: string[]): Promise<Json> {
  const body = await call(target, role, 'POST', '/register', { fetch_event_types: JSON.stringify(sections) });
  if (typeof body.queue_id === 'string') await call(target, role, 'DELETE', '/events', { queue_id: body.queue_id });
  return body;
}

const withoutVolatile = (value: Json): Json => Object.fromEntries(Object.entries(value).filter(([k]) => !VOLATILE.has(k)));

/** The organisation as the run's accounts see it. */
export async function snapshot(target: Target): Promise<Json> {
  const admin = ['admin', 'owner'].find((r) => target.accounts[r])!;
  const realm = await register(target, admin, ['realm', 'realm_user_settings_defaults']);
  const out: Json = {
    realm: withoutVolatile(
      Object.fromEntries(Object.entries(realm).filter(([k]) => k.startsWith('realm_') && !/^realm_(users|non_active_users|bots)$/.test(k))),
    ),
  };
  for (const role of ROLES.filter((r) => target.accounts[r])) {
    const own = await register(target, role, ['user_settings', 'user_status']);
    const me = await call(target, role, 'GET', '/users/me');
    out[role] = {
      settings: own.user_settings,
      status: (own.user_status as Json | undefined)?.[String(me.user_id)] ?? {},
      me: { full_name: me.full_name, email: me.email, delivery_email: me.delivery_email, role: me.role },
    };
  }
  const streams = (await call(target, admin, 'GET', '/streams', { include_all: 'true', exclude_archived: 'false' })).streams as Json[];
  out.channels = Object.fromEntries(streams.filter((s) => !String(s.name).startsWith('cf ')).map((s) => [String(s.stream_id), withoutVolatile(s)]));
  return out;
}

/** Each path whose value differs between two snapshots, with both values. */
export function differences(before: unknown, after: unknown, path = ''): string[] {
  if (isDeepStrictEqual(before, after)) return [];
  const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => differences(before[k], after[k], path ? `${path}.${k}` : k));
  }
  return [`${path}: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`];
}
