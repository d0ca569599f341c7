// Mutants for PATCH /streams/{stream_id} (operation 4), its read-back through GET /streams, and the
// channel's row of States and transitions.
import type { QuirkName } from '../../src/reference/quirks.js';
import type { Mutant } from '../support/mutant-helpers.js';
import { accept, paramsOf, refuse, type Json } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const UPDATE = 'PATCH /streams/{stream_id}';
const isUpdate = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/streams\/\d+$/.test(req.path);
const isEdit = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/messages\/\d+$/.test(req.path);

/** A server that ignores a parameter: the proxy removes it before the server sees it. */
function ignores(name: string | RegExp, value?: (v: string) => boolean): Rewrite {
  const matches = (n: string) => (typeof name === 'string' ? n === name : name.test(n));
  return {
    request: (req) => {
      if (!isUpdate(req)) return;
      for (const params of [req.form, req.query]) {
        for (const n of [...params.keys()]) if (matches(n) && (value === undefined || value(params.get(n)!))) params.delete(n);
      }
    },
  };
}

/** A server that reads a parameter's value as something else: the proxy replaces it. */
function replaces(name: string, when: (v: string) => boolean, by: string): Rewrite {
  return {
    request: (req) => {
      if (!isUpdate(req)) return;
      for (const params of [req.form, req.query]) if (params.has(name) && when(params.get(name)!)) params.set(name, by);
    },
  };
}

/** A server that reads any text of the boolean parameters as a value that changes nothing here. */
function lenientBooleans(): Rewrite {
  const harmless: Record<string, string> = {
    is_private: 'false',
    history_public_to_subscribers: 'true',
    is_web_public: 'false',
    is_default_stream: 'false',
    is_archived: 'true',
  };
  return {
    request: (req) => {
      if (!isUpdate(req)) return;
      for (const params of [req.form, req.query]) {
        for (const [n, v] of [...params]) if (n in harmless && v !== 'true' && v !== 'false') params.set(n, harmless[n]);
      }
    },
  };
}

/** Every update lands on the channel of the "ignored" fixture, whatever stream_id names. */
function wrongChannel(): Rewrite {
  let target: string | undefined;
  return {
    request: (req) => {
      if (isUpdate(req) && target && !req.path.endsWith(`/${target}`)) req.path = `/streams/${target}`;
    },
    answer: (req, a) => {
      if (req.method === 'GET' && req.path === '/get_stream_id' && String(req.query.get('stream')).endsWith(' u4 ignored'))
        target = String((a.json as Json).stream_id);
      // The fixtures may look the ids up in one GET /streams instead.
      if (req.method === 'GET' && req.path === '/streams' && target === undefined) {
        const streams = (a.json as { streams?: Json[] }).streams ?? [];
        const found = streams.find((s) => String(s.name).endsWith(' u4 ignored'));
        if (found) target = String(found.stream_id);
      }
    },
  };
}

/** Zulip's refusal of a user who can see the channel, rewritten to another code (and message). */
function refusalAs(code: string, msg?: string): Rewrite {
  return {
    answer: (req, a) => {
      const body = a.json as Json;
      if (isUpdate(req) && body.msg === 'You do not have permission to administer this channel.') Object.assign(body, { code }, msg ? { msg } : {});
    },
  };
}

const q = (name: QuirkName, kind: Mutant['kind'], breaks: string[], kills: string[], profile?: Mutant['profile']): Mutant => ({
  name,
  kind,
  operations: [UPDATE],
  quirks: [name],
  breaks,
  kills,
  ...(profile ? { profile } : {}),
});

const BOOLEAN_TYPES = ['op4.is-private.type', 'op4.history-public.type', 'op4.is-web-public.type', 'op4.is-default-stream.type', 'op4.is-archived.type'];
const SET_CLAUSES = [
  'op4.can-add-subscribers-group',
  'op4.can-remove-subscribers-group',
  'op4.can-administer-channel-group',
  'op4.can-delete-any-message-group',
  'op4.can-delete-own-message-group',
  'op4.can-move-messages-out-of-channel-group',
];
const SET_CASES = [
  'op4.permission.add-subscribers',
  'op4.permission.remove-subscribers',
  'op4.permission.administer',
  'op4.permission.delete-any',
  'op4.permission.delete-own',
  'op4.permission.move-out',
];
const CONTENT_ACCESS = [
  'op4.can-add-subscribers-group.access',
  'op4.private-subscribed',
  'op4.can-delete-any-message-group.access',
  'op4.can-delete-own-message-group.access',
  'op4.can-move-messages-out-of-channel-group.access',
];

export const MUTANTS: Mutant[] = [
  // --- who may update ---------------------------------------------------------------------------
  q(
    'channel-update-member-ok',
    'permission',
    ['op4.non-administrators-refused', 'state.channel.unarchive.condition', 'op4.can-add-subscribers-group.access'],
    ['op4.refused.member', 'op4.refused.moderator', 'op4.refused.guest', 'op4.archive.condition', 'op4.permission.member-refused'],
  ),
  q(
    'channel-admins-need-group',
    'permission',
    ['op4.administrators', 'op4.can-administer-channel-group.implicit'],
    ['op4.private.unsubscribed-description', 'op4.administrators.implicit'],
  ),
  q(
    'channel-update-admins-only',
    'permission',
    ['zulip.channel.channel-admins-may-update', 'res.channel.can_administer_channel_group.meaning'],
    ['op4.zulip.channel-administrator'],
  ),
  {
    // channel-update-wrong-channel also breaks op4.description: the channel the path names keeps its old description
    name: 'channel-update-wrong-channel',
    kind: 'effect',
    operations: [UPDATE],
    rewrite: wrongChannel(),
    breaks: ['op4.stream-id', 'op4.description'],
    kills: ['op4.description.set'],
  },
  {
    name: 'channel-update-unknown-channel-ok',
    kind: 'invalid-input',
    operations: [UPDATE],
    rewrite: accept((req) => isUpdate(req) && req.path.endsWith('/2147480000')),
    breaks: ['op4.invalid-channel'],
    kills: ['op4.invalid-channel'],
  },
  {
    name: 'channel-update-error-code',
    kind: 'error-code',
    operations: [UPDATE],
    rewrite: {
      answer: (req, a) => {
        if (isUpdate(req) && a.status !== 200) (a.json as Json).code = 'CHANNEL_UPDATE_FAILED';
      },
    },
    breaks: ['op4.refusal-code.no-access', 'op4.invalid-channel', 'op4.folder-id.invalid', 'errors.bad-request', 'zulip.channel.cannot-administer'],
    kills: [
      'op4.refused.guest',
      'op4.invalid-channel',
      'op4.folder.invalid',
      'op4.is-private.bad-boolean',
      'op4.topics-policy.invalid',
      'op4.zulip.refused-code',
    ],
  },
  // A server whose UNAUTHORIZED_PRINCIPAL refusal does not say the caller must be an administrator.
  {
    name: 'channel-update-refusal-other-text',
    kind: 'error-code',
    operations: [UPDATE],
    rewrite: {
      answer: (req, a) => {
        if (isUpdate(req) && a.status !== 200) Object.assign(a.json as Json, { code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Not allowed.' });
      },
    },
    breaks: ['op4.refusal-text'],
    kills: ['op4.refused.guest'],
  },
  // A server refusing with the document's other code: the document allows it, Zulip sends BAD_REQUEST.
  {
    name: 'channel-update-document-code',
    kind: 'error-code',
    operations: [UPDATE],
    rewrite: refusalAs('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator'),
    breaks: ['zulip.channel.cannot-administer'],
    kills: ['op4.zulip.refused-code'],
  },
  // A server refusing with a code of its own (Zulip's unused enum member CANNOT_ADMINISTER_CHANNEL).
  {
    name: 'channel-update-own-refusal-code',
    kind: 'error-code',
    operations: [UPDATE],
    rewrite: refusalAs('CANNOT_ADMINISTER_CHANNEL'),
    profile: 'spec',
    breaks: ['op4.refusal-code'],
    kills: ['op4.refused.member-code'],
  },

  // --- description and name ----------------------------------------------------------------------
  q('channel-update-ignores-description', 'effect', ['op4.description'], ['op4.description.set']),
  {
    name: 'channel-description-short-limit',
    kind: 'limit',
    operations: [UPDATE],
    breaks: ['op4.description.limit'],
    rewrite: refuse((req) => isUpdate(req) && (paramsOf(req).get('description') ?? '').length > 100),
    kills: ['op4.description.limit'],
  },
  // channel-description-no-limit also breaks zulip.errors.too-long: an over-long description is accepted, not "too long"
  q('channel-description-no-limit', 'limit', ['op4.description.limit', 'zulip.errors.too-long'], ['op4.description.over-limit']),
  {
    name: 'channel-ignores-new-name',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores('new_name'),
    breaks: ['op4.new-name'],
    kills: ['op4.new-name.set'],
  },
  {
    name: 'channel-name-short-limit',
    kind: 'limit',
    operations: [UPDATE],
    breaks: ['op4.new-name.limit'],
    rewrite: refuse((req) => isUpdate(req) && (paramsOf(req).get('new_name') ?? '').length > 24),
    kills: ['op4.new-name.limit'],
  },
  // channel-name-no-limit also breaks zulip.channel.rename: an over-long new name is accepted
  q('channel-name-no-limit', 'limit', ['op4.new-name.limit', 'zulip.channel.rename'], ['op4.new-name.over-limit']),
  {
    name: 'channel-update-ignored-params-missing',
    kind: 'envelope',
    operations: [UPDATE],
    quirks: ['ignored-params-missing'],
    breaks: ['conv.ignored-params'],
    kills: ['op4.ignored-params'],
  },

  // --- privacy, history, web-public, default channels --------------------------------------------
  {
    name: 'channel-ignores-is-private',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores('is_private'),
    breaks: ['op4.is-private.true', 'op4.is-private.false'],
    kills: ['op4.is-private.true', 'op4.is-private.false'],
  },
  {
    name: 'channel-update-lenient-booleans',
    kind: 'invalid-input',
    operations: [UPDATE],
    rewrite: lenientBooleans(),
    breaks: BOOLEAN_TYPES,
    kills: ['op4.is-private.bad-boolean', 'op4.history.bad-boolean', 'op4.is-web-public.bad-boolean', 'op4.default.bad-boolean', 'op4.archive.bad-boolean'],
  },
  {
    name: 'channel-ignores-history',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores('history_public_to_subscribers'),
    breaks: ['op4.history-public'],
    kills: ['op4.history.private'],
  },
  q(
    'channel-history-public-false-ok',
    'invalid-input',
    ['op4.history-public.public-false', 'op4.history-public.web-public-false', 'op4.history-public.not-private-false'],
    ['op4.history.public-false-refused', 'op4.history.web-public-false-refused', 'op4.history.not-private-false'],
  ),
  // Refused, but not with Zulip's BAD_REQUEST "Invalid parameters" (the document says only "error").
  {
    name: 'channel-history-refusal-other-code',
    kind: 'error-code',
    operations: [UPDATE],
    rewrite: {
      answer: (req, a) => {
        const body = a.json as Json;
        if (isUpdate(req) && body.code === 'BAD_REQUEST' && body.msg === 'Invalid parameters') body.code = 'NOT_ALLOWED';
      },
    },
    breaks: ['zulip.channel.history-public-invalid'],
    kills: ['op4.history.public-false-refused', 'op4.history.web-public-false-refused', 'op4.history.not-private-false'],
  },
  {
    name: 'channel-ignores-web-public',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores('is_web_public'),
    breaks: ['op4.is-web-public'],
    kills: ['op4.is-web-public.set'],
  },
  {
    name: 'channel-web-public-unchecked',
    kind: 'permission',
    operations: [UPDATE],
    rewrite: accept((req) => isUpdate(req) && paramsOf(req).has('is_web_public')),
    breaks: ['zulip.channel.web-public-checks', 'op4.is-web-public.permission'],
    kills: ['op4.zulip.web-public-administrator'],
  },
  {
    name: 'channel-ignores-default',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores('is_default_stream'),
    breaks: ['op4.is-default-stream.add'],
    kills: ['op4.zulip.default'],
  },
  {
    name: 'channel-default-never-removed',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores('is_default_stream', (v) => v === 'false'),
    breaks: ['op4.is-default-stream.remove'],
    kills: ['op4.zulip.default'],
  },

  // --- retention ---------------------------------------------------------------------------------
  {
    name: 'channel-ignores-retention',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores('message_retention_days'),
    breaks: ['op4.message-retention-days.number', 'op4.message-retention-days.unlimited'],
    kills: ['op4.retention.days', 'op4.zulip.retention-keywords'],
  },
  {
    // channel-retention-default-ignored also breaks zulip.channel.retention-json: the keyword realm_default is read and not applied
    name: 'channel-retention-default-ignored',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores('message_retention_days', (v) => v.includes('realm_default')),
    breaks: ['op4.message-retention-days.realm-default', 'zulip.channel.retention-json'],
    kills: ['op4.zulip.retention-keywords'],
  },
  {
    name: 'channel-retention-lenient',
    kind: 'invalid-input',
    operations: [UPDATE],
    rewrite: replaces('message_retention_days', (v) => v === 'forever', '30'),
    breaks: ['op4.message-retention-days.type'],
    kills: ['op4.retention.invalid'],
  },
  // Under the document's reading (plain text), a server that ignores the keywords.
  {
    name: 'channel-retention-keywords-ignored',
    kind: 'parameter',
    operations: [UPDATE],
    quirks: ['channels-follow-document'],
    profile: 'spec',
    rewrite: ignores('message_retention_days', (v) => /unlimited|realm_default/.test(v)),
    breaks: ['op4.message-retention-days.unlimited', 'op4.message-retention-days.realm-default'],
    kills: ['op4.retention.unlimited', 'op4.retention.realm-default'],
  },
  q('channel-retention-admin-ok', 'permission', ['zulip.channel.retention-owner-only'], ['op4.zulip.retention-owner-only']),

  // --- archiving -------------------------------------------------------------------------------------
  q('channel-archive-via-patch-ok', 'effect', ['op4.is-archived.only-unarchive'], ['op4.archive.not-supported']),
  {
    name: 'channel-ignores-unarchive',
    kind: 'effect',
    operations: [UPDATE],
    rewrite: ignores('is_archived'),
    breaks: ['zulip.channel.is-archived-only-unarchive'],
    kills: ['op4.zulip.unarchive-false'],
  },

  // --- folders and the topics policy ---------------------------------------------------------------
  {
    name: 'channel-ignores-folder',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores('folder_id', (v) => v !== 'null'),
    breaks: ['op4.folder-id'],
    kills: ['op4.folder.assign'],
  },
  {
    name: 'channel-ignores-folder-null',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores('folder_id', (v) => v === 'null'),
    breaks: ['op4.folder-id.null'],
    kills: ['op4.folder.remove'],
  },
  {
    name: 'channel-update-unknown-folder-ok',
    kind: 'invalid-input',
    operations: [UPDATE],
    rewrite: ignores('folder_id', (v) => v === '2147480000'),
    breaks: ['op4.folder-id.invalid'],
    kills: ['op4.folder.invalid'],
  },
  {
    name: 'channel-folder-lenient',
    kind: 'invalid-input',
    operations: [UPDATE],
    rewrite: ignores('folder_id', (v) => !/^(\d+|null)$/.test(v)),
    breaks: ['op4.folder-id.type'],
    kills: ['op4.folder.bad-type'],
  },
  {
    name: 'channel-ignores-topics-policy',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores('topics_policy'),
    breaks: ['op4.topics-policy'],
    kills: ['op4.topics-policy.set', 'op4.topics-policy.empty-only-allowed'],
  },
  {
    name: 'channel-topics-policy-lenient',
    kind: 'invalid-input',
    operations: [UPDATE],
    rewrite: replaces('topics_policy', (v) => !['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'].includes(v), 'inherit'),
    breaks: ['op4.topics-policy.values'],
    kills: ['op4.topics-policy.invalid'],
  },
  q('channel-empty-topic-only-ok', 'invalid-input', ['op4.topics-policy.empty-topic-only'], ['op4.topics-policy.empty-only-refused']),
  {
    name: 'channel-topics-policy-not-enforced',
    kind: 'effect',
    operations: [UPDATE],
    quirks: ['edit-topics-policy-ignored'],
    breaks: [
      'res.channel.topics_policy.empty-topic-only',
      'res.channel.topics_policy.disable-empty-topic',
      'res.channel.topics_policy.inherit.realm',
      'zulip.edit.topics-policy',
    ],
    kills: ['op4.topics-policy.empty-only-allowed', 'op4.topics-policy.disable-empty', 'op4.zulip.inherit-realm'],
  },
  {
    name: 'channel-empty-topic-moves-refused',
    kind: 'effect',
    operations: [UPDATE],
    rewrite: refuse((req) => isEdit(req) && paramsOf(req).get('topic') === ''),
    breaks: ['res.channel.topics_policy.allow-empty-topic'],
    kills: ['op4.topics-policy.allow-empty'],
  },
  {
    name: 'channel-named-topic-moves-refused',
    kind: 'effect',
    operations: [UPDATE],
    rewrite: refuse((req) => isEdit(req) && (paramsOf(req).get('topic') ?? '').startsWith('cf second')),
    breaks: ['res.channel.topics_policy.inherit'],
    kills: ['op4.topics-policy.inherit-named'],
  },

  // --- permission settings ---------------------------------------------------------------------------
  {
    name: 'channel-ignores-permission-settings',
    kind: 'parameter',
    operations: [UPDATE],
    rewrite: ignores(/^can_/),
    breaks: [
      ...SET_CLAUSES,
      'op4.update-objects',
      'op4.private-subscribed',
      'op4.can-remove-subscribers-group.access',
      'res.group-setting-update.old-mismatch',
      'zulip.channel.old-mismatch',
    ],
    kills: [
      ...SET_CASES,
      'op4.permission.bare-value',
      'op4.permission.old-matching',
      'op4.permission.private-subscribed',
      'op4.permission.private-unsubscribed-remove',
      'op4.zulip.old-mismatch',
    ],
  },
  // The channel's move groups grant nothing (the organisation's move settings decide alone).
  {
    // channel-move-groups-ignored also breaks zulip.edit.move-and-resolve-permissions: a member of the channel's move group is refused the move
    name: 'channel-move-groups-ignored',
    kind: 'permission',
    operations: [UPDATE],
    rewrite: ignores(/^can_move_messages_/),
    breaks: [
      'res.channel.can_move_messages_within_channel_group.meaning',
      'res.channel.can_move_messages_out_of_channel_group.meaning',
      'zulip.edit.move-and-resolve-permissions',
    ],
    kills: ['op4.zulip.move-within-group', 'op4.zulip.move-out-group'],
  },
  {
    name: 'channel-move-groups-everyone',
    kind: 'permission',
    operations: [UPDATE],
    quirks: ['edit-member-moves-without-permission', 'edit-channel-move-without-permission'],
    breaks: [
      'res.channel.can_move_messages_within_channel_group.meaning',
      'res.channel.can_move_messages_out_of_channel_group.meaning',
      'zulip.edit.move-and-resolve-permissions',
    ],
    kills: ['op4.zulip.move-within-group', 'op4.zulip.move-out-group'],
  },
  q('channel-private-permission-unsubscribed-ok', 'permission', CONTENT_ACCESS, [
    'op4.permission.private-unsubscribed-add-refused',
    'op4.permission.private-unsubscribed-delete-any-refused',
    'op4.permission.private-unsubscribed-delete-own-refused',
    'op4.permission.private-unsubscribed-move-out-refused',
  ]),
  q(
    'channel-remove-subscribers-needs-content-access',
    'permission',
    ['op4.can-remove-subscribers-group.access'],
    ['op4.permission.private-unsubscribed-remove'],
  ),
  // What the subscriber and delete settings let their members do, through Zulip's endpoints (zulip profile).
  q(
    'subscribe-others-ignores-channel-group',
    'permission',
    ['res.channel.can_add_subscribers_group.meaning', 'zulip.channel.add-subscribers-permission'],
    ['op4.zulip.add-subscribers-group'],
  ),
  q(
    'subscribe-others-needs-subscription',
    'permission',
    ['op4.can-add-subscribers-group.unsubscribed', 'zulip.channel.add-subscribers-permission'],
    ['op4.zulip.add-subscribers-unsubscribed'],
  ),
  q(
    'unsubscribe-others-ignores-channel-group',
    'permission',
    ['res.channel.can_remove_subscribers_group.meaning', 'zulip.channel.remove-subscribers-permission'],
    ['op4.zulip.remove-subscribers-group'],
  ),
  q(
    'delete-any-ignores-channel-group',
    'permission',
    ['res.channel.can_delete_any_message_group.meaning', 'zulip.channel.delete-message-permission'],
    ['op4.zulip.delete-any-group'],
  ),
  q(
    'delete-own-ignores-channel-group',
    'permission',
    ['res.channel.can_delete_own_message_group.meaning', 'zulip.channel.delete-message-permission'],
    ['op4.zulip.delete-own-group'],
  ),
  q(
    'web-public-ignores-spectator-access',
    'permission',
    ['op4.is-web-public.spectator-access', 'zulip.channel.spectator-access-setting'],
    ['op4.zulip.web-public-spectator-access'],
  ),
  {
    ...q('group-update-old-mismatch-ok', 'invalid-input', ['zulip.channel.old-mismatch', 'res.group-setting-update.old-mismatch'], ['op4.zulip.old-mismatch']),
    name: 'channel-update-old-mismatch-ok',
  },
  {
    name: 'channel-old-mismatch-bad-request',
    kind: 'error-code',
    operations: [UPDATE],
    rewrite: {
      answer: (req, a) => {
        const body = a.json as Json;
        if (isUpdate(req) && body.code === 'EXPECTATION_MISMATCH') body.code = 'BAD_REQUEST';
      },
    },
    breaks: ['zulip.channel.old-mismatch'],
    kills: ['op4.zulip.old-mismatch'],
  },

  // --- where Zulip and the document disagree ---------------------------------------------------------
  // A server that follows Zulip's source fails the document's disputed cases with a warning; one that
  // follows the document (as the variant realm does) turns the warnings off and fails the zulip twins.
  {
    name: 'channel-update-follow-document',
    kind: 'permission',
    operations: [UPDATE],
    quirks: ['channels-follow-document'],
    breaks: [
      'zulip.channel.cannot-administer',
      'zulip.channel.channel-admins-may-update',
      'zulip.channel.retention-json',
      'zulip.channel.retention-owner-only',
      'zulip.channel.is-archived-only-unarchive',
    ],
    kills: [
      'op4.zulip.refused-code',
      'op4.zulip.channel-administrator',
      'op4.zulip.retention-keywords',
      'op4.zulip.retention-owner-only',
      'op4.zulip.unarchive-false',
    ],
  },
  {
    name: 'channel-update-follow-document-spec',
    kind: 'permission',
    operations: [UPDATE],
    quirks: ['channels-follow-document'],
    profile: 'spec',
    breaks: [
      'op4.channel-administrators',
      'op4.message-retention-days.plain-text',
      'op4.message-retention-days.administrators',
      'state.channel.unarchive',
      'op20.include-default',
    ],
    kills: [
      'op4.channel-administrator.refused',
      'op4.retention.unlimited',
      'op4.retention.realm-default',
      'op4.retention.administrator',
      'op4.archive.unarchive-true',
      'op4.default.add-and-remove',
    ],
  },
];
