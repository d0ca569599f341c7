// Mutants for POST /channel_folders/create (operation 11) and
// PATCH /channel_folders/{channel_folder_id} (operation 12).
import type { Mutant } from '../support/mutant-helpers.js';
import { accept, paramsOf, refuse } from '../support/mutant-helpers.js';
import type { ProxiedRequest } from '../support/rewriting-proxy.js';

const CREATE = 'POST /channel_folders/create';
const UPDATE = 'PATCH /channel_folders/{channel_folder_id}';
const isCreate = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/channel_folders/create';
const isUpdate = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/channel_folders\/\d+$/.test(req.path);
const param = (req: ProxiedRequest, name: string) => paramsOf(req).get(name);
const fromAdmin = (req: ProxiedRequest) => Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().startsWith('admin@');

export const MUTANTS: Mutant[] = [
  { name: 'folder-member-ok', kind: 'permission', operations: [CREATE, UPDATE], quirks: ['folder-member-ok'],
    kills: ['op11.refused.member', 'op11.refused.moderator', 'op11.refused.guest', 'op12.refused.member', 'op12.refused.moderator', 'op12.refused.guest'] },
  // One operation at a time: the empty name created by op 11 would make op 12's a duplicate.
  { name: 'folder-empty-name-ok', kind: 'invalid-input', operations: [CREATE], quirks: ['folder-empty-name-ok'], kills: ['op11.create.empty-name'] },
  { name: 'folder-empty-name-ok-update', kind: 'invalid-input', operations: [UPDATE], quirks: ['folder-empty-name-ok'], kills: ['op12.name.empty'] },
  { name: 'folder-no-name-limit', kind: 'invalid-input', operations: [CREATE], quirks: ['folder-no-name-limit'], kills: ['op11.create.name-61'] },
  { name: 'folder-archive-ignored', kind: 'effect', operations: [UPDATE], quirks: ['folder-archive-ignored'], kills: ['op12.zulip.read-back'] },
  { name: 'folder-refuses-empty-description', kind: 'invalid-input', operations: [CREATE],
    rewrite: refuse((req) => isCreate(req) && param(req, 'description') === ''), kills: ['op11.create.empty-description', 'op11.folder-holds-channel'] },
  { name: 'folder-description-limit-1000', kind: 'invalid-input', operations: [CREATE],
    rewrite: refuse((req) => isCreate(req) && (param(req, 'description') ?? '').length > 1000), kills: ['op11.create.description-1024'] },
  { name: 'folder-create-without-id', kind: 'field', operations: [CREATE],
    rewrite: { answer: (req, a) => { if (isCreate(req) && a.status === 200) delete (a.json as Record<string, unknown>).channel_folder_id; } },
    kills: ['op11.create.success', 'op11.zulip.read-back'] },
  { name: 'folder-create-accepts-anything', kind: 'invalid-input', operations: [CREATE], rewrite: accept((req) => isCreate(req) && fromAdmin(req) && !paramsOf(req).get('name')?.endsWith('created')),
    kills: ['op11.create.description-missing', 'op11.create.description-too-long', 'op11.create.empty-name', 'op11.create.name-61'] },
  { name: 'folder-create-error-code', kind: 'error-code', operations: [CREATE],
    rewrite: { answer: (req, a) => { if (isCreate(req) && a.status !== 200) (a.json as Record<string, unknown>).code = 'BAD_REQUEST'; } },
    kills: ['op11.refused.member', 'op11.refused.moderator', 'op11.refused.guest'] },
  { name: 'folder-refuses-rename', kind: 'invalid-input', operations: [UPDATE], rewrite: refuse((req) => isUpdate(req) && paramsOf(req).has('name')),
    kills: ['op12.name.set', 'op12.zulip.read-back'] },
  { name: 'folder-refuses-description', kind: 'invalid-input', operations: [UPDATE], rewrite: refuse((req) => isUpdate(req) && paramsOf(req).has('description') && fromAdmin(req)),
    kills: ['op12.description.set'] },
  { name: 'folder-refuses-unarchive', kind: 'invalid-input', operations: [UPDATE], rewrite: refuse((req) => isUpdate(req) && param(req, 'is_archived') === 'false'),
    kills: ['op12.archive-unarchive'] },
  { name: 'folder-update-accepts-anything', kind: 'invalid-input', operations: [UPDATE], rewrite: accept((req) => isUpdate(req) && fromAdmin(req)),
    kills: ['op12.name.empty', 'op12.name.too-long', 'op12.description.too-long', 'op12.invalid-folder'] },
  { name: 'folder-update-body-extra', kind: 'envelope', operations: [UPDATE],
    rewrite: { answer: (req, a) => { if (isUpdate(req) && a.status === 200) Object.assign(a.json as object, { channel_folder: {} }); } },
    kills: ['op12.name.set'] },
  { name: 'folder-update-error-code', kind: 'error-code', operations: [UPDATE],
    rewrite: { answer: (req, a) => { if (isUpdate(req) && a.status !== 200) (a.json as Record<string, unknown>).code = 'FOLDER_ERROR'; } },
    kills: ['op12.invalid-folder', 'op12.refused.member', 'op12.name.too-long'] },
];
