// POST /user_uploads (a fixture operation) and the attachments behind `detached_uploads` of
// PATCH /messages/{message_id}. A message claims an upload by linking /user_uploads/<path_id>;
// which messages reference an upload is read from their content when needed.
import { randomBytes } from 'node:crypto';
import { badRequest } from '../core/errors.js';
import type { Message, Realm } from '../realm/model.js';
import type { Quirks } from '../realm/quirk-set.js';
import type { Context, Route } from '../core/router.js';

export interface Upload {
  id: number;
  name: string;
  pathId: string;
  size: number;
  /** UNIX time in milliseconds, as Zulip's create_time. */
  createTime: number;
  ownerId: number;
}

const stored = new WeakMap<Realm, Upload[]>();

export function uploadsOf(realm: Realm): Upload[] {
  let list = stored.get(realm);
  if (!list) stored.set(realm, (list = []));
  return list;
}

const reference = (upload: Upload) => `/user_uploads/${upload.pathId}`;
const references = (content: string, upload: Upload) => content.includes(reference(upload));

/** Zulip's sanitize_name: keeps letters, digits, dots, dashes and underscores. */
function sanitize(name: string): string {
  const clean = name
    .normalize('NFKC')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return clean || 'uploaded-file';
}

function upload(ctx: Context) {
  const files = ctx.files ?? [];
  if (files.length === 0) throw badRequest('You must specify a file to upload');
  if (files.length > 1) throw badRequest('You may only upload one file at a time');
  const [file] = files;
  const uploads = uploadsOf(ctx.realm);
  const pathId = `2/${randomBytes(1).toString('hex')}/${randomBytes(12).toString('base64url')}/${sanitize(file.name)}`;
  const record = { id: uploads.length + 1, name: file.name, pathId, size: file.data.length, createTime: Date.now(), ownerId: ctx.user.id };
  uploads.push(record);
  const url = reference(record);
  return { uri: url, url, filename: file.name };
}

/** The detached-upload object of the document (Zulip's Attachment.to_dict). */
function uploadObject(realm: Realm, upload: Upload) {
  const messages = realm.messages.filter((m) => references(m.content, upload));
  return {
    id: upload.id,
    name: upload.name,
    path_id: upload.pathId,
    size: upload.size,
    create_time: upload.createTime,
    messages: messages.map((m) => ({ id: m.id, date_sent: m.timestamp * 1000 })),
  };
}

/**
 * Called with the message already holding its new content: the editor's uploads the old content
 * referenced, the new one does not, and no other message references any more.
 */
export function detachedUploads(realm: Realm, message: Message, oldContent: string, editorId: number, quirks: Quirks) {
  return uploadsOf(realm)
    .filter((u) => u.ownerId === editorId && references(oldContent, u) && !references(message.content, u))
    .filter((u) => quirks.has('edit-detached-ignores-other-links') || !realm.messages.some((m) => references(m.content, u)))
    .map((u) => uploadObject(realm, u));
}

export const uploadRoutes: Route[] = [{ method: 'POST', path: '/user_uploads', params: [], handle: upload }];
