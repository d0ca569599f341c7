// Malformed requests to several operations: a wrong type for an integer, boolean or JSON
// parameter, or an ID that names nothing. `aim` says which of the property's own objects the
// request aims at (a channel, a message, a group), so the check can look for a change; `clause`
// is the statement of the document that makes it an invalid request.
import fc from 'fast-check';
import { notBoolean, notInteger, notJson, unknownId } from './malformed-values.js';

export type Aim = 'channel' | 'message' | 'group' | 'settings' | 'none';
export interface MalformedRequest {
  method: string;
  path: string;
  params: Record<string, string | number | number[]>;
  aim: Aim;
  clause: string;
}

type Params = Record<string, string | number | number[]>;
const r = (method: string, path: string, aim: Aim, clause: string, params: Params = {}): MalformedRequest => ({ method, path, params, aim, clause });

// Wrong types and unknown ids not named by a convention or an operation's own clause are invalid
// requests of the Errors table's BAD_REQUEST row ("invalid ... channel or message").
const INVALID = 'errors.bad-request';

export const malformedRequest: fc.Arbitrary<MalformedRequest> = fc.oneof(
  notBoolean.map((v) => r('GET', '/users/me/{channel}/topics', 'none', 'conv.booleans', { allow_empty_topic_name: v })),
  unknownId.map((id) => r('GET', `/users/me/${id}/topics`, 'none', 'op17.invalid-channel')),
  unknownId.map((id) => r('GET', `/messages/${id}/history`, 'none', 'op15.nonexistent')),
  notBoolean.map((v) => r('GET', '/messages/{message}/history', 'none', 'conv.booleans', { allow_empty_topic_name: v })),
  notInteger.map((v) => r('PATCH', '/messages/{message}', 'message', INVALID, { stream_id: v })),
  notBoolean.map((v) => r('PATCH', '/messages/{message}', 'message', 'conv.booleans', { topic: 'never moved', send_notification_to_new_thread: v })),
  unknownId.map((id) => r('PATCH', `/messages/${id}`, 'none', INVALID, { content: 'never stored' })),
  notJson.map((v) => r('POST', '/user_groups/{group}/members', 'group', 'conv.json-params', { add: v })),
  unknownId.map((id) => r('POST', '/user_groups/{group}/members', 'group', 'op7.active-users', { add: [id] })),
  unknownId.map((id) => r('POST', `/user_groups/${id}/members`, 'none', INVALID, { delete: [id] })),
  notInteger.map((v) => r('PATCH', '/settings', 'settings', INVALID, { web_font_size_px: v })),
  notInteger.map((v) => r('POST', '/user_topics', 'none', INVALID, { stream_id: v, topic: 'x', visibility_policy: 1 })),
  notJson.map((v) => r('POST', '/typing', 'none', 'conv.json-params', { op: 'start', type: 'direct', to: v })),
);
