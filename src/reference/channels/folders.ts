// Channel folders: create (op 11), list, update (op 12). Folders cannot be deleted, only archived.
import { isAdmin } from '../realm/access.js';
import { renderMarkdown } from './channel-object.js';
import { adminRequired, badRequest } from '../core/errors.js';
import type { ChannelFolder, Realm } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { allocate, type FlavorName } from '../realm/flavor.js';
import { sendEvent } from '../events/queue.js';
import { retire } from '../realm/retention.js';

/**
 * channel_folder events go to every active user (zerver/actions/channel_folders.py; facts
 * zulip.events.channel-folder.*).
 */
function sendFolderEvent(ctx: Context, event: Record<string, unknown> & { op: string }): void {
  const to = ctx.realm.users.filter((u) => u.isActive && (isAdmin(u) || !ctx.quirks.has('folder-event-admins-only'))).map((u) => u.id);
  sendEvent(ctx.realm, to, { type: 'channel_folder', ...event });
}

/**
 * May a folder that still holds channels be archived? The document's only condition is the
 * caller's role; Zulip refuses (fact zulip.folder.update). The variant keeps the document's word.
 */
const ARCHIVES_FOLDERS_HOLDING_CHANNELS: Record<FlavorName, boolean> = { zulip: false, variant: true };

/** The name and description limits as enforced: the flavor's, unless a fault changes them. */
function limits(ctx: Context): { name?: number; description?: number } {
  const { folderName, folderDescription } = ctx.realm.flavor.limits;
  const offByOne = ctx.quirks.has('folder-limit-off-by-one') ? 1 : 0;
  return {
    name: ctx.quirks.has('folder-no-name-limit') ? undefined : folderName - offByOne,
    description: ctx.quirks.has('folder-no-description-limit') ? undefined : folderDescription - offByOne,
  };
}

export function folderById(realm: Realm, id: number): ChannelFolder | undefined {
  return realm.channelFolders.find((f) => f.id === id);
}

function requireAdmin(ctx: Context): void {
  if (!isAdmin(ctx.user) && !ctx.quirks.has('folder-member-ok')) throw adminRequired();
}

function checkName(ctx: Context, name: string, except?: ChannelFolder): string {
  const trimmed = name.trim();
  if (trimmed === '' && !ctx.quirks.has('folder-empty-name-ok')) throw badRequest("Channel folder name can't be empty.");
  if (/[\p{Cc}]/u.test(trimmed)) throw badRequest('Invalid character in channel folder name.');
  if (ctx.realm.channelFolders.some((f) => f !== except && f.name.toLowerCase() === trimmed.toLowerCase())) {
    throw badRequest('Channel folder name already in use');
  }
  return trimmed;
}

function createFolder(ctx: Context) {
  requireAdmin(ctx);
  const raw = ctx.params.string('name', limits(ctx).name);
  const description = ctx.params.string('description', limits(ctx).description);
  const name = checkName(ctx, raw);
  const folder: ChannelFolder = {
    id: allocate(ctx.realm, 'record'),
    name,
    description,
    isArchived: false,
    order: ctx.realm.channelFolders.length,
    creatorId: ctx.user.id,
    dateCreated: Math.floor(Date.now() / 1000),
  };
  ctx.realm.channelFolders.push(folder);
  sendFolderEvent(ctx, { op: 'add', channel_folder: folderObject(ctx.realm, folder) });
  return { channel_folder_id: folder.id };
}

function folderObject(realm: Realm, folder: ChannelFolder): Record<string, unknown> {
  return realm.level.fields('channel folder', {
    id: folder.id,
    name: folder.name,
    description: folder.description,
    rendered_description: renderMarkdown(folder.description),
    order: folder.order,
    creator_id: folder.creatorId,
    date_created: folder.dateCreated,
    is_archived: folder.isArchived,
  });
}

function listFolders(ctx: Context) {
  const all = ctx.params.bool('include_archived', false);
  // Before level 414 folders were listed by ID: the same order here, where no folder is ever moved.
  const folders = ctx.realm.channelFolders.filter((f) => all || !f.isArchived).sort((a, b) => a.order - b.order);
  return { channel_folders: folders.map((f) => folderObject(ctx.realm, f)) };
}

/** Op 12. In Zulip, a folder still holding active channels cannot be archived. */
function updateFolder(ctx: Context) {
  requireAdmin(ctx);
  const folder = folderById(ctx.realm, ctx.path.channel_folder_id);
  const name = ctx.params.optString('name', limits(ctx).name);
  const description = ctx.params.optString('description', limits(ctx).description);
  const archive = ctx.params.optBool('is_archived');
  if (!folder) throw badRequest('Invalid channel folder ID');
  const newName = name !== undefined && name !== folder.name ? checkName(ctx, name, folder) : undefined;
  const holdingOk = ARCHIVES_FOLDERS_HOLDING_CHANNELS[ctx.realm.flavor.name] || ctx.quirks.has('folder-archive-with-channels-ok');
  if (archive === true && !folder.isArchived && !holdingOk) {
    const inUse = ctx.realm.channels.some((c) => !c.isArchived && c.folderId === folder.id);
    if (inUse) throw badRequest('You need to remove all the channels from this folder to archive it.');
  }
  // Each change that changes something is followed by its event, in Zulip's order: name,
  // description, is_archived (update_channel_folder).
  const resent = ctx.quirks.has('folder-event-unchanged-sent');
  const update = (data: Record<string, unknown>) => sendFolderEvent(ctx, { op: 'update', channel_folder_id: folder.id, data });
  if (newName !== undefined) folder.name = newName;
  if (newName !== undefined || (name !== undefined && resent)) update({ name: folder.name });
  // The fault 'folder-update-spills': a description lands on every folder.
  const targets = ctx.quirks.has('folder-update-spills') ? ctx.realm.channelFolders : [folder];
  const oldDescription = folder.description;
  if (description !== undefined) for (const target of targets) target.description = description;
  if (description !== undefined && (description !== oldDescription || resent)) update({ description, rendered_description: renderMarkdown(description) });
  const wasArchived = folder.isArchived;
  if (archive !== undefined && !ctx.quirks.has('folder-archive-ignored')) folder.isArchived = archive;
  if (archive !== undefined && (folder.isArchived !== wasArchived || resent)) update({ is_archived: folder.isArchived });
  if (folder.isArchived && !wasArchived) retire(ctx.realm, folder);
  return {};
}

export const channelFolderRoutes: Route[] = [
  { method: 'POST', path: '/channel_folders/create', params: ['name', 'description'], handle: createFolder },
  { method: 'GET', path: '/channel_folders', params: ['include_archived'], handle: listFolders },
  { method: 'PATCH', path: '/channel_folders/{channel_folder_id}', params: ['name', 'description', 'is_archived'], handle: updateFolder },
];
