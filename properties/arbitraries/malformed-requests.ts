// Malformed requests to several operations: a wrong type for an integer, boolean or JSON
// parameter, or an ID that names nothing. `target` says which of the property's own objects
// the request aims at (a channel, a message, a group), so the check can look for a change.
import fc from 'fast-check';
import { notBoolean, notInteger, notJson, unknownId } from './malformed-values.js';

export type Aim = 'channel' | 'message' | 'group' | 'settings' | 'none';
export interface MalformedRequest { method: string; path: string; params: Record<string, string | number | number[]>; aim: Aim }

const r = (method: string, path: string, aim: Aim, params: Record<string, string | number | number[]> = {}): MalformedRequest => ({ method, path, params, aim });

export const malformedRequest: fc.Arbitrary<MalformedRequest> = fc.oneof(
  notBoolean.map((v) => r('GET', '/users/me/{channel}/topics', 'none', { allow_empty_topic_name: v })),
  unknownId.map((id) => r('GET', `/users/me/${id}/topics`, 'none')),
  unknownId.map((id) => r('GET', `/messages/${id}/history`, 'none')),
  notBoolean.map((v) => r('GET', '/messages/{message}/history', 'none', { allow_empty_topic_name: v })),
  notInteger.map((v) => r('PATCH', '/messages/{message}', 'message', { stream_id: v })),
  notBoolean.map((v) => r('PATCH', '/messages/{message}', 'message', { topic: 'never moved', send_notification_to_new_thread: v })),
  unknownId.map((id) => r('PATCH', `/messages/${id}`, 'none', { content: 'never stored' })),
  notJson.map((v) => r('POST', '/user_groups/{group}/members', 'group', { add: v })),
  unknownId.map((id) => r('POST', '/user_groups/{group}/members', 'group', { add: [id] })),
  unknownId.map((id) => r('POST', `/user_groups/${id}/members`, 'none', { delete: [id] })),
  notInteger.map((v) => r('PATCH', '/settings', 'settings', { web_font_size_px: v })),
  notInteger.map((v) => r('POST', '/user_topics', 'none', { stream_id: v, topic: 'x', visibility_policy: 1 })),
  notJson.map((v) => r('POST', '/typing', 'none', { op: 'start', type: 'direct', to: v })),
);
