// Small steps for the message-edit and edit-history tests: send, edit, read back.
import { FormData, request } from 'undici';
import type { ReferenceServer } from '../../src/reference/server.js';
import { basic, call, type Answer } from './helpers.js';

export type Who = 'owner' | 'admin' | 'moderator' | 'member' | 'member2' | 'guest';
export const GENERAL = 1;
/** The seeded old topic of general (messages 6-8, sent in January 2025). */
export const ANCIENT = { topic: 'ancient history', ids: [6, 7, 8] };

let counter = 0;
/** A topic name no other test uses. */
export const freshTopic = (label: string) => `${label} ${(counter += 1)}`;

export async function send(s: ReferenceServer, who: Who, topic: string, content = 'text', to: number | string = GENERAL): Promise<number> {
  const a = await call(s, 'POST', '/messages', { as: s.accounts[who], form: { type: 'stream', to: String(to), topic, content } });
  if (a.body.result !== 'success') throw new Error(`send failed: ${a.body.msg}`);
  return a.body.id as number;
}

export function edit(s: ReferenceServer, who: Who, id: number, form: Record<string, string>): Promise<Answer> {
  return call(s, 'PATCH', `/messages/${id}`, { as: s.accounts[who], form });
}

export async function history(s: ReferenceServer, who: Who, id: number, query: Record<string, string> = {}): Promise<Record<string, unknown>[]> {
  return (await call(s, 'GET', `/messages/${id}/history`, { as: s.accounts[who], query })).body.message_history;
}

export async function topicMessages(s: ReferenceServer, channelId: number, topic: string, who: Who = 'owner') {
  const narrow = JSON.stringify([
    { operator: 'stream', operand: channelId },
    { operator: 'topic', operand: topic },
  ]);
  const a = await call(s, 'GET', '/messages', {
    as: s.accounts[who],
    query: { anchor: 'oldest', num_before: '0', num_after: '100', narrow, apply_markdown: 'false', allow_empty_topic_name: 'true' },
  });
  return a.body.messages as { id: number; content: string; sender_id: number; subject: string }[];
}

export const topicIds = async (s: ReferenceServer, channelId: number, topic: string, who: Who = 'owner') =>
  (await topicMessages(s, channelId, topic, who)).map((m) => m.id);

export function setRealm(s: ReferenceServer, form: Record<string, string>, who: Who = 'admin'): Promise<Answer> {
  return call(s, 'PATCH', '/realm', { as: s.accounts[who], form });
}

export async function newChannel(s: ReferenceServer, name: string, extra: Record<string, string> = {}, principals?: string[]): Promise<number> {
  const form: Record<string, string> = { subscriptions: JSON.stringify([{ name }]), ...extra };
  if (principals) form.principals = JSON.stringify(principals);
  await call(s, 'POST', '/users/me/subscriptions', { as: s.accounts.owner, form });
  return (await call(s, 'GET', '/get_stream_id', { as: s.accounts.owner, query: { stream: name } })).body.stream_id;
}

/** Uploads a small text file as `who`; returns the /user_uploads/... URL. */
export async function upload(s: ReferenceServer, who: Who, name = 'notes.txt'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob(['conformance upload']), name);
  const account = s.accounts[who];
  const res = await request(`${s.url}/api/v1/user_uploads`, { method: 'POST', body: form, headers: { authorization: basic(account.email, account.apiKey) } });
  return ((await res.body.json()) as { url: string }).url;
}
