// Channel folders: create (op 11), list, update (op 12). Folders cannot be deleted, only archived.
import { isAdmin } from './access.js';
import { renderMarkdown } from './channel-view.js';
import { adminRequired, badRequest } from './errors.js';
import type { ChannelFolder, Realm } from './model.js';
import type { Context, Route } from './router.js';
import { allocate } from './flavor.js';


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
  const nameLimit = ctx.quirks.has('folder-no-name-limit') ? undefined : ctx.realm.flavor.limits.folderName;
  const raw = ctx.params.string('name', nameLimit);
  const description = ctx.params.string('description', ctx.realm.flavor.limits.folderDescription);
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
  return { channel_folder_id: folder.id };
}

function folderObject(folder: ChannelFolder): Record<string, unknown> {
  return {
    id: folder.id,
    name: folder.name,
    description: folder.description,
    rendered_description: renderMarkdown(folder.description),
    order: folder.order,
    creator_id: folder.creatorId,
    date_created: folder.dateCreated,
    is_archived: folder.isArchived,
  };
}

function listFolders(ctx: Context) {
  const all = ctx.params.bool('include_archived', false);
  const folders = ctx.realm.channelFolders.filter((f) => all || !f.isArchived).sort((a, b) => a.order - b.order);
  return { channel_folders: folders.map(folderObject) };
}

/** Op 12. A folder still holding active channels cannot be archived. */
function updateFolder(ctx: Context) {
  requireAdmin(ctx);
  const folder = folderById(ctx.realm, ctx.path.channel_folder_id);
  const name = ctx.params.optString('name', ctx.realm.flavor.limits.folderName);
  const description = ctx.params.optString('description', ctx.realm.flavor.limits.folderDescription);
  const archive = ctx.params.optBool('is_archived');
  if (!folder) throw badRequest('Invalid channel folder ID');
  const newName = name !== undefined && name !== folder.name ? checkName(ctx, name, folder) : undefined;
  if (archive === true && !folder.isArchived) {
    const inUse = ctx.realm.channels.some((c) => !c.isArchived && c.folderId === folder.id);
    if (inUse) throw badRequest('You need to remove all the channels from this folder to archive it.');
  }
  if (newName !== undefined) folder.name = newName;
  if (description !== undefined) folder.description = description;
  if (archive !== undefined && !ctx.quirks.has('folder-archive-ignored')) folder.isArchived = archive;
  return {};
}

export const channelFolderRoutes: Route[] = [
  { method: 'POST', path: '/channel_folders/create', params: ['name', 'description'], handle: createFolder },
  { method: 'GET', path: '/channel_folders', params: ['include_archived'], handle: listFolders },
  { method: 'PATCH', path: '/channel_folders/{channel_folder_id}', params: ['name', 'description', 'is_archived'], handle: updateFolder },
];
