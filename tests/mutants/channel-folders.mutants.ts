// Mutants for POST /channel_folders/create (operation 11) and
// PATCH /channel_folders/{channel_folder_id} (operation 12).
import type { Mutant } from '../support/mutant-helpers.js';
import { accept, paramsOf, missingArgument, refuse, type Json } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const CREATE = 'POST /channel_folders/create';
const UPDATE = 'PATCH /channel_folders/{channel_folder_id}';
const isCreate = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/channel_folders/create';
const isUpdate = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/channel_folders\/\d+$/.test(req.path);
const isList = (req: ProxiedRequest) => req.method === 'GET' && req.path === '/channel_folders';
const param = (req: ProxiedRequest, name: string) => paramsOf(req).get(name);
const fromAdmin = (req: ProxiedRequest) =>
  Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
    .toString()
    .startsWith('admin@');

/** A server that drops a parameter of a folder update (and answers success when nothing is left). */
function ignores(name: string, value?: string): Rewrite {
  const dropped = new WeakSet<object>();
  return {
    request: (req) => {
      if (isUpdate(req) && paramsOf(req).has(name) && (value === undefined || param(req, name) === value)) {
        req.form.delete(name);
        req.query.delete(name);
        dropped.add(req);
      }
    },
    answer: (req, a) => {
      if (dropped.has(req) && ![...paramsOf(req).keys()].length) {
        a.status = 200;
        a.json = { result: 'success', msg: '' };
      }
    },
  };
}

export const MUTANTS: Mutant[] = [
  // --- operation 11 ----------------------------------------------------------------------------
  {
    name: 'folder-member-ok',
    kind: 'permission',
    operations: [CREATE, UPDATE],
    quirks: ['folder-member-ok'],
    breaks: ['op11.admin-only', 'op12.admin-only'],
    kills: ['op11.refused.member', 'op11.refused.moderator', 'op11.refused.guest', 'op12.refused.member', 'op12.refused.moderator', 'op12.refused.guest'],
  },
  {
    name: 'folder-create-error-code',
    kind: 'error-code',
    operations: [CREATE],
    breaks: ['op11.non-admin-code'],
    rewrite: {
      answer: (req, a) => {
        if (isCreate(req) && a.status !== 200) (a.json as Json).code = 'BAD_REQUEST';
      },
    },
    kills: ['op11.refused.member', 'op11.refused.moderator', 'op11.refused.guest'],
  },
  {
    name: 'folder-create-other-message',
    kind: 'error-code',
    operations: [CREATE],
    breaks: ['op11.non-admin-message'],
    rewrite: {
      answer: (req, a) => {
        if (isCreate(req) && (a.json as Json).code === 'UNAUTHORIZED_PRINCIPAL') (a.json as Json).msg = 'Access denied';
      },
    },
    kills: ['op11.refused.member'],
  },
  // One operation at a time: the empty name created by op 11 would make op 12's a duplicate.
  {
    name: 'folder-empty-name-ok',
    kind: 'invalid-input',
    operations: [CREATE],
    quirks: ['folder-empty-name-ok'],
    breaks: ['op11.name.non-empty'],
    kills: ['op11.create.empty-name'],
  },
  {
    name: 'folder-empty-name-ok-update',
    kind: 'invalid-input',
    operations: [UPDATE],
    quirks: ['folder-empty-name-ok'],
    breaks: ['op12.name.non-empty'],
    kills: ['op12.name.empty'],
  },
  {
    name: 'folder-limit-off-by-one',
    kind: 'limit',
    operations: [CREATE, UPDATE],
    quirks: ['folder-limit-off-by-one'],
    breaks: ['op11.name.max-length', 'op11.description.max-length', 'op12.name.max-length', 'op12.description.max-length'],
    kills: ['op11.create.name-at-limit', 'op11.create.description-at-limit', 'op12.name.at-limit', 'op12.description.at-limit'],
  },
  {
    // folder-no-name-limit also breaks zulip.folder.create, zulip.folder.update-length-limits: an over-long name is accepted on create and on update
    name: 'folder-no-name-limit',
    kind: 'limit',
    operations: [CREATE, UPDATE],
    quirks: ['folder-no-name-limit'],
    breaks: ['op11.name.max-length', 'op12.name.max-length', 'zulip.folder.create', 'zulip.folder.update-length-limits'],
    kills: ['op11.zulip.name-over-limit', 'op12.zulip.name-over-limit'],
  },
  {
    // folder-no-description-limit also breaks zulip.folder.create, zulip.folder.update-length-limits: an over-long description is accepted on create and on update
    name: 'folder-no-description-limit',
    kind: 'limit',
    operations: [CREATE, UPDATE],
    quirks: ['folder-no-description-limit'],
    breaks: ['op11.description.max-length', 'op12.description.max-length', 'zulip.folder.create', 'zulip.folder.update-length-limits'],
    kills: ['op11.zulip.description-over-limit', 'op12.zulip.description-over-limit'],
  },
  {
    name: 'folder-refuses-empty-description',
    kind: 'invalid-input',
    operations: [CREATE],
    breaks: ['op11.description.empty'],
    rewrite: refuse((req) => isCreate(req) && param(req, 'description') === '' && !/holder/.test(param(req, 'name') ?? '')),
    kills: ['op11.create.empty-description'],
  },
  {
    name: 'folder-create-without-id',
    kind: 'field',
    operations: [CREATE],
    breaks: ['op11.success-body'],
    rewrite: {
      answer: (req, a) => {
        if (isCreate(req) && a.status === 200) delete (a.json as Json).channel_folder_id;
      },
    },
    kills: ['op11.create.success', 'op11.folder-holds-channel'],
  },
  {
    name: 'folder-create-drops-description',
    kind: 'effect',
    operations: [CREATE],
    breaks: ['op11.effect'],
    rewrite: {
      request: (req) => {
        if (isCreate(req) && /listed/.test(param(req, 'name') ?? '')) req.form.set('description', '');
      },
    },
    kills: ['op11.zulip.read-back'],
  },
  {
    // folder-list-loses-name also breaks zulip.folder.read-back: the list it reads lacks the folders' names
    // folder-list-loses-name also breaks op11.effect: the folder listed lacks the name it was made with
    name: 'folder-list-loses-name',
    kind: 'field',
    operations: [CREATE],
    breaks: ['res.channel-folder', 'res.records.read-shapes', 'zulip.folder.read-back', 'op11.effect'],
    rewrite: {
      answer: (req, a) => {
        if (isList(req))
          for (const f of ((a.json as Json).channel_folders ?? []) as Json[]) {
            delete f.name;
            delete f.rendered_description;
          }
      },
    },
    kills: ['op11.zulip.read-back'],
  },
  {
    name: 'folder-create-accepts-anything',
    kind: 'invalid-input',
    operations: [CREATE],
    breaks: ['op11.description', 'op11.name', 'op11.name.non-empty', 'zulip.folder.create'],
    rewrite: accept(
      (req) =>
        isCreate(req) &&
        fromAdmin(req) &&
        (!paramsOf(req).has('name') ||
          !paramsOf(req).has('description') ||
          param(req, 'name') === '' ||
          (param(req, 'name') ?? '').length > 60 ||
          (param(req, 'description') ?? '').length > 1024),
    ),
    kills: [
      'op11.create.description-missing',
      'op11.create.name-missing',
      'op11.create.empty-name',
      'op11.zulip.name-over-limit',
      'op11.zulip.description-over-limit',
    ],
  },
  {
    name: 'folder-create-ignored-params-missing',
    kind: 'parameter',
    operations: [CREATE, UPDATE],
    quirks: ['ignored-params-missing'],
    breaks: ['conv.ignored-params'],
    kills: ['op11.ignored-params', 'op12.ignored-params'],
  },

  // --- operation 12 ----------------------------------------------------------------------------
  {
    name: 'folder-update-spills',
    kind: 'effect',
    operations: [UPDATE],
    quirks: ['folder-update-spills'],
    breaks: ['op12.channel-folder-id'],
    kills: ['op12.zulip.read-back'],
  },
  {
    name: 'folder-update-requires-name',
    kind: 'optional',
    operations: [UPDATE],
    breaks: ['op12.optional'],
    rewrite: missingArgument((req) => isUpdate(req) && fromAdmin(req) && !paramsOf(req).has('name') && paramsOf(req).has('description'), 'name'),
    kills: ['op12.description.alone'],
  },
  {
    name: 'folder-refuses-rename',
    kind: 'invalid-input',
    operations: [UPDATE],
    breaks: ['op12.name'],
    rewrite: refuse((req) => isUpdate(req) && /renamed/.test(param(req, 'name') ?? '')),
    kills: ['op12.name.set'],
  },
  {
    name: 'folder-ignores-rename',
    kind: 'parameter',
    operations: [UPDATE],
    breaks: ['op12.name.effect'],
    rewrite: ignores('name'),
    kills: ['op12.zulip.read-back'],
  },
  {
    name: 'folder-refuses-description',
    kind: 'invalid-input',
    operations: [UPDATE],
    breaks: ['op12.description'],
    rewrite: refuse((req) => isUpdate(req) && paramsOf(req).has('description') && fromAdmin(req)),
    kills: ['op12.description.alone'],
  },
  {
    name: 'folder-ignores-description',
    kind: 'parameter',
    operations: [UPDATE],
    breaks: ['op12.description.effect'],
    rewrite: ignores('description'),
    kills: ['op12.zulip.read-back'],
  },
  {
    name: 'folder-refuses-unarchive',
    kind: 'invalid-input',
    operations: [UPDATE],
    breaks: ['op12.is-archived'],
    rewrite: refuse((req) => isUpdate(req) && param(req, 'is_archived') === 'false'),
    kills: ['op12.archive-unarchive'],
  },
  {
    name: 'folder-accepts-bad-boolean',
    kind: 'invalid-input',
    operations: [UPDATE],
    breaks: ['op12.is-archived', 'conv.booleans'],
    rewrite: accept((req) => isUpdate(req) && param(req, 'is_archived') === 'maybe'),
    kills: ['op12.is-archived.not-boolean'],
  },
  // The server that ignores is_archived on folders: the document shows no read, Zulip's GET /channel_folders catches it.
  {
    name: 'folder-archive-ignored',
    kind: 'effect',
    operations: [UPDATE],
    quirks: ['folder-archive-ignored'],
    breaks: ['state.folder.archive'],
    kills: ['op12.zulip.read-back'],
  },
  {
    name: 'folder-unarchive-ignored',
    kind: 'parameter',
    operations: [UPDATE],
    breaks: ['state.folder.archive'],
    rewrite: ignores('is_archived', 'false'),
    kills: ['op12.zulip.unarchive-read-back'],
  },
  // Archiving a folder that holds channels: the document gives no condition but the role, Zulip refuses.
  {
    name: 'folder-archive-with-channels-ok',
    kind: 'effect',
    operations: [UPDATE],
    quirks: ['folder-archive-with-channels-ok'],
    profile: 'spec',
    breaks: ['state.folder.archive-condition'],
    kills: ['op12.archive.holding-channel'],
  },
  {
    name: 'folder-archive-with-channels-ok-zulip',
    kind: 'effect',
    operations: [UPDATE],
    quirks: ['folder-archive-with-channels-ok'],
    breaks: ['zulip.folder.update'],
    kills: ['op12.zulip.archive-holding-channel-refused'],
  },
  {
    name: 'folder-update-accepts-anything',
    kind: 'invalid-input',
    operations: [UPDATE],
    rewrite: accept((req) => isUpdate(req) && fromAdmin(req)),
    breaks: ['op12.name.non-empty', 'op12.invalid-folder', 'op12.is-archived', 'zulip.folder.update-length-limits', 'zulip.folder.update'],
    kills: [
      'op12.name.empty',
      'op12.invalid-folder',
      'op12.is-archived.not-boolean',
      'op12.zulip.name-over-limit',
      'op12.zulip.description-over-limit',
      'op12.zulip.archive-holding-channel-refused',
    ],
  },
  {
    name: 'folder-update-error-code',
    kind: 'error-code',
    operations: [UPDATE],
    breaks: ['errors.bad-request', 'op12.admin-only', 'zulip.auth.require-realm-admin'],
    rewrite: {
      answer: (req, a) => {
        if (isUpdate(req) && a.status !== 200) (a.json as Json).code = 'FOLDER_ERROR';
      },
    },
    kills: ['op12.invalid-folder', 'op12.refused.member', 'op12.is-archived.not-boolean'],
  },
];
