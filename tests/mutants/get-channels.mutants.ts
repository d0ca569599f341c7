// Mutants for GET /streams (operation 20) and the channel object it answers with.
import type { Mutant } from '../support/mutant-helpers.js';
import { eachChannel, dropChannels, forceStreamsParam, answerAsOwner, isStreams, refuse, type Json } from '../support/mutant-helpers.js';

const STREAMS = 'GET /streams';
const UPDATE = 'PATCH /streams/{stream_id}';

/** A channel object's field replaced by a value of another type (or removed). */
const fieldMutant = (field: string, value: unknown, kills: string[] = ['op20.body.schema']): Mutant => ({
  name: `streams-${field.replace(/_/g, '-')}-wrong-type`,
  kind: 'field',
  operations: [STREAMS],
  rewrite: eachChannel((c) => {
    if (value === undefined) delete c[field];
    else c[field] = value;
  }),
  breaks: [`res.channel.${field}`],
  kills,
});

// The disputed clauses of operation 20, and the Zulip facts behind them (see channel-update.mutants.ts for op 4).
const DOCUMENT_KILLS = ['op20.include-public.guest', 'op20.include-default.true', 'op20.include-all-active.member-refused'];
const ZULIP_KILLS = ['op20.zulip.guest-no-public', 'op20.zulip.include-default-annotates', 'op20.include-all-active.member-alias'];

export const MUTANTS: Mutant[] = [
  // --- the body and the channel object -----------------------------------------------------------
  {
    name: 'streams-not-a-list',
    kind: 'field',
    operations: [STREAMS],
    breaks: ['op20.success-body'],
    rewrite: {
      answer: (req, a) => {
        if (isStreams(req) && a.status === 200) (a.json as Json).streams = { all: (a.json as Json).streams };
      },
    },
    kills: ['op20.body.schema', 'op20.body.schema-admin-all', 'op20.params.none'],
  },
  {
    name: 'streams-missing-field',
    kind: 'field',
    operations: [STREAMS, UPDATE],
    quirks: ['streams-missing-field'],
    breaks: ['res.channel.rendered_description'],
    kills: ['op20.body.schema', 'op20.object.identity', 'op4.description.set'],
  },
  {
    name: 'streams-wrong-type',
    kind: 'field',
    operations: [STREAMS],
    quirks: ['streams-wrong-type'],
    breaks: ['res.channel.stream_id'],
    kills: ['op20.body.schema'],
  },
  {
    name: 'streams-creator-zero',
    kind: 'field',
    operations: [STREAMS],
    quirks: ['streams-creator-zero'],
    breaks: ['res.channel.creator_id', 'res.channel.date_created'],
    kills: ['op20.body.schema'],
  },
  fieldMutant('name', 7),
  fieldMutant('is_archived', 'no'),
  fieldMutant('description', null),
  fieldMutant('invite_only', 'no'),
  fieldMutant('is_web_public', 0),
  fieldMutant('stream_post_policy', 5),
  fieldMutant('is_announcement_only', 'no'),
  fieldMutant('message_retention_days', 'forever'),
  fieldMutant('first_message_id', 'none'),
  fieldMutant('is_recently_active', undefined),
  fieldMutant('can_move_messages_within_channel_group', undefined),
  {
    name: 'streams-permission-groups-missing',
    kind: 'field',
    operations: [STREAMS, UPDATE],
    rewrite: eachChannel((c) => {
      for (const k of Object.keys(c)) if (/^can_(add|remove|administer|delete|move)_/.test(k)) delete c[k];
    }),
    breaks: [
      'res.channel.can_add_subscribers_group',
      'res.channel.can_remove_subscribers_group',
      'res.channel.can_administer_channel_group',
      'res.channel.can_delete_any_message_group',
      'res.channel.can_delete_own_message_group',
      'res.channel.can_move_messages_out_of_channel_group',
      'res.channel.can_move_messages_within_channel_group',
    ],
    kills: [
      'op20.body.schema',
      'op4.permission.add-subscribers',
      'op4.permission.remove-subscribers',
      'op4.permission.administer',
      'op4.permission.delete-any',
      'op4.permission.delete-own',
      'op4.permission.move-out',
    ],
  },
  {
    name: 'streams-name-wrong',
    kind: 'field',
    operations: [STREAMS],
    rewrite: eachChannel((c) => {
      c.name = `${String(c.name)} (renamed)`;
    }),
    breaks: ['res.channel.name'],
    kills: ['op20.object.identity'],
  },
  {
    name: 'streams-description-wrong',
    kind: 'field',
    operations: [STREAMS],
    rewrite: eachChannel((c) => {
      c.description = '';
    }),
    breaks: ['res.channel.description'],
    kills: ['op20.object.identity'],
  },
  {
    name: 'streams-identity-wrong',
    kind: 'field',
    operations: [STREAMS],
    rewrite: eachChannel((c) => {
      c.creator_id = null;
    }),
    breaks: ['res.channel.creator_id'],
    kills: ['op20.object.identity'],
  },
  {
    name: 'streams-flags-inverted',
    kind: 'field',
    operations: [STREAMS],
    rewrite: eachChannel((c) => {
      c.invite_only = !c.invite_only;
      c.is_web_public = !c.is_web_public;
      c.is_archived = !c.is_archived;
    }),
    breaks: ['res.channel.invite_only', 'res.channel.is_web_public', 'res.channel.is_archived'],
    kills: ['op20.object.flags', 'op20.object.web-public-flag', 'op20.exclude-archived.false'],
  },
  {
    name: 'streams-first-message-id-null',
    kind: 'field',
    operations: [STREAMS],
    rewrite: eachChannel((c) => {
      c.first_message_id = null;
    }),
    breaks: ['res.channel.first_message_id'],
    kills: ['op20.object.first-message-id'],
  },
  {
    name: 'streams-first-message-id-never-null',
    kind: 'field',
    operations: [STREAMS],
    rewrite: eachChannel((c) => {
      c.first_message_id ??= 1;
    }),
    breaks: ['res.channel.first_message_id.null'],
    kills: ['op20.object.first-message-id'],
  },
  {
    name: 'streams-history-private',
    kind: 'field',
    operations: [STREAMS],
    rewrite: eachChannel((c) => {
      c.history_public_to_subscribers = 'yes';
    }),
    breaks: ['res.channel.history_public_to_subscribers'],
    kills: ['op20.object.history-public', 'op20.body.schema'],
  },
  {
    name: 'streams-folder-id-missing',
    kind: 'field',
    operations: [STREAMS],
    rewrite: eachChannel((c) => {
      delete c.folder_id;
    }),
    breaks: ['res.channel.folder_id', 'res.channel.folder_id.null'],
    kills: ['op20.object.folder-id'],
  },
  {
    name: 'streams-folder-id-zero',
    kind: 'field',
    operations: [STREAMS, UPDATE],
    rewrite: eachChannel((c) => {
      c.folder_id ??= 0;
    }),
    breaks: ['res.channel.folder_id.null'],
    kills: ['op20.object.folder-id', 'op4.folder.remove'],
  },
  {
    name: 'streams-topics-policy-unknown',
    kind: 'field',
    operations: [STREAMS, UPDATE],
    rewrite: eachChannel((c) => {
      c.topics_policy = 'open';
    }),
    breaks: ['res.channel.topics_policy'],
    kills: ['op20.object.topics-policy', 'op4.topics-policy.set'],
  },
  {
    // streams-retention-as-text also breaks op4.message-retention-days.number: the channel object shows the days set as text, not the number the clause says it shows
    name: 'streams-retention-as-text',
    kind: 'field',
    operations: [UPDATE],
    rewrite: eachChannel((c) => {
      if (typeof c.message_retention_days === 'number') c.message_retention_days = String(c.message_retention_days);
    }),
    breaks: ['res.channel.message_retention_days', 'op4.message-retention-days.number'],
    kills: ['op4.retention.days'],
  },

  // --- the parameters ---------------------------------------------------------------------------
  {
    name: 'streams-params-required',
    kind: 'optional',
    operations: [STREAMS],
    breaks: ['op20.params-optional'],
    rewrite: refuse((req) => isStreams(req) && [...req.query.keys()].length === 0),
    kills: ['op20.params.none'],
  },
  {
    name: 'streams-bad-boolean-accepted',
    kind: 'invalid-input',
    operations: [STREAMS],
    quirks: ['streams-bad-boolean-accepted'],
    breaks: ['op20.params-boolean', 'zulip.errors.type-error-texts'],
    kills: ['op20.bad-boolean', 'op20.zulip.error-status'],
  },
  {
    // streams-hides-public-unsubscribed also breaks op20.include-public.default: with include_public left out (true by default) the public channels are hidden too
    name: 'streams-hides-public-unsubscribed',
    kind: 'parameter',
    operations: [STREAMS],
    rewrite: dropChannels((c) => !String(c.name).endsWith(' public')),
    breaks: ['op20.include-public', 'op20.include-all', 'op20.include-can-access-content', 'op20.include-public.default'],
    kills: ['op20.default.public-unsubscribed', 'op20.include-all.member', 'op20.include-can-access-content.true'],
  },
  {
    name: 'streams-include-public-off',
    kind: 'default',
    operations: [STREAMS],
    rewrite: forceStreamsParam('include_public', 'false'),
    breaks: ['op20.include-public.default'],
    kills: ['op20.default.public-unsubscribed'],
  },
  {
    name: 'streams-ignore-include-public',
    kind: 'parameter',
    operations: [STREAMS],
    quirks: ['streams-ignore-include-public'],
    breaks: ['op20.include-public'],
    kills: ['op20.include-public.false', 'op20.include-web-public.true'],
  },
  {
    // streams-hides-private also breaks op20.include-subscribed.default: with include_subscribed left out (true by default) the subscribed channels are hidden too
    name: 'streams-hides-private',
    kind: 'permission',
    operations: [STREAMS],
    rewrite: dropChannels((c) => c.invite_only !== true),
    breaks: ['op20.include-subscribed', 'op20.include-all', 'op20.include-can-access-content', 'op20.include-subscribed.default'],
    kills: ['op20.default.subscribed-private', 'op20.include-subscribed.true', 'op20.include-all.member', 'op20.include-can-access-content.true'],
  },
  {
    name: 'streams-include-subscribed-off',
    kind: 'default',
    operations: [STREAMS],
    rewrite: forceStreamsParam('include_subscribed', 'false'),
    breaks: ['op20.include-subscribed.default'],
    kills: ['op20.default.subscribed-private'],
  },
  {
    name: 'streams-ignore-include-subscribed',
    kind: 'parameter',
    operations: [STREAMS],
    quirks: ['streams-ignore-include-subscribed'],
    breaks: ['op20.include-subscribed'],
    kills: ['op20.include-subscribed.false'],
  },
  {
    name: 'streams-include-archived',
    kind: 'default',
    operations: [STREAMS],
    quirks: ['streams-include-archived'],
    breaks: ['op20.exclude-archived.default'],
    kills: ['op20.exclude-archived.default'],
  },
  {
    name: 'streams-archived-never-listed',
    kind: 'parameter',
    operations: [STREAMS],
    rewrite: forceStreamsParam('exclude_archived', 'true'),
    breaks: ['op20.exclude-archived'],
    kills: ['op20.exclude-archived.false'],
  },
  {
    name: 'streams-ignore-include-web-public',
    kind: 'parameter',
    operations: [STREAMS],
    quirks: ['streams-ignore-include-web-public'],
    breaks: ['op20.include-web-public'],
    kills: ['op20.include-web-public.true'],
  },
  {
    name: 'streams-include-web-public-always',
    kind: 'default',
    operations: [STREAMS],
    rewrite: forceStreamsParam('include_web_public', 'true'),
    breaks: ['op20.include-web-public.default'],
    kills: ['op20.include-web-public.default'],
  },
  {
    name: 'streams-ignore-owner-subscribed',
    kind: 'parameter',
    operations: [STREAMS],
    quirks: ['streams-ignore-owner-subscribed'],
    breaks: ['op20.include-owner-subscribed'],
    kills: ['op20.include-owner-subscribed.bot'],
  },
  {
    name: 'streams-include-owner-subscribed-always',
    kind: 'default',
    operations: [STREAMS],
    rewrite: forceStreamsParam('include_owner_subscribed', 'true'),
    breaks: ['op20.include-owner-subscribed.default'],
    kills: ['op20.include-owner-subscribed.bot'],
  },
  {
    name: 'streams-ignore-include-all',
    kind: 'parameter',
    operations: [STREAMS],
    quirks: ['streams-ignore-include-all'],
    breaks: ['op20.include-all.administrators', 'op20.include-all', 'op20.include-all-active'],
    kills: ['op20.include-all.admin', 'op20.include-all.member', 'op20.include-all-active.admin'],
  },
  {
    name: 'streams-include-all-always',
    kind: 'default',
    operations: [STREAMS],
    rewrite: forceStreamsParam('include_all', 'true'),
    breaks: ['op20.include-all.default'],
    kills: ['op20.include-all.admin-default-hidden'],
  },
  {
    // streams-include-all-active-always also breaks op20.include-all.default: a request sending neither parameter is answered as include_all would be, so include_all's default is not false either
    name: 'streams-include-all-active-always',
    kind: 'default',
    operations: [STREAMS],
    rewrite: forceStreamsParam('include_all_active', 'true'),
    breaks: ['op20.include-all-active.default', 'op20.include-all.default'],
    kills: ['op20.include-all.admin-default-hidden'],
  },
  {
    name: 'streams-include-all-leaks-private',
    kind: 'permission',
    operations: [STREAMS],
    quirks: ['streams-include-all-leaks-private'],
    breaks: ['op20.include-all', 'zulip.streams.include-all-active-alias'],
    kills: ['op20.include-all.member', 'op20.include-all-active.member-alias'],
  },
  {
    name: 'streams-answers-as-owner',
    kind: 'permission',
    operations: [STREAMS],
    // A server that ignores who is asking: every GET /streams is answered as for the owner.
    rewrite: answerAsOwner(),
    breaks: ['op20.include-all', 'op20.include-all.default', 'op20.include-all-active.default', 'zulip.streams.guest-no-public'],
    kills: ['op20.include-all.member', 'op20.include-all.admin-default-hidden', 'op20.zulip.guest-no-public'],
  },
  {
    name: 'streams-ignore-include-can-access-content',
    kind: 'parameter',
    operations: [STREAMS],
    quirks: ['streams-ignore-include-can-access-content'],
    breaks: ['op20.include-can-access-content'],
    kills: ['op20.include-can-access-content.true'],
  },
  {
    name: 'streams-include-can-access-content-always',
    kind: 'default',
    operations: [STREAMS],
    rewrite: forceStreamsParam('include_can_access_content', 'true'),
    breaks: ['op20.include-can-access-content.default'],
    kills: ['op20.include-can-access-content.default'],
  },
  // include_default: Zulip only marks channels with is_default (zulip profile); the document adds the default channels.
  {
    name: 'streams-ignore-include-default',
    kind: 'parameter',
    operations: [STREAMS],
    quirks: ['streams-ignore-include-default'],
    breaks: ['zulip.streams.include-default-annotates-only'],
    kills: ['op20.zulip.include-default-annotates'],
  },
  {
    // streams-include-default-always also breaks zulip.streams.include-default-annotates-only: without include_default the channels carry is_default, which the fact says none has
    name: 'streams-include-default-always',
    kind: 'default',
    operations: [STREAMS],
    rewrite: forceStreamsParam('include_default', 'true'),
    breaks: ['op20.include-default.default', 'zulip.streams.channel-fields', 'zulip.streams.include-default-annotates-only'],
    kills: ['op20.zulip.no-is-default'],
  },
  {
    name: 'streams-default-channels-always',
    kind: 'default',
    operations: [STREAMS],
    quirks: ['channels-follow-document'],
    rewrite: forceStreamsParam('include_default', 'true'),
    breaks: ['op20.include-default.default'],
    kills: ['op20.include-default.false'],
  },
  {
    name: 'streams-unsorted',
    kind: 'order',
    operations: [STREAMS],
    quirks: ['streams-unsorted'],
    breaks: ['zulip.streams.sorted-by-name', 'op20.order'],
    kills: ['op20.zulip.sorted-by-name'],
  },

  // --- where Zulip and the document disagree ------------------------------------------------------
  // A server that follows Zulip's source fails the document's disputed cases with a warning; one that
  // follows the document (as the variant realm does) turns the warnings off and fails the zulip twins.
  {
    name: 'streams-follow-document',
    kind: 'parameter',
    operations: [STREAMS],
    quirks: ['channels-follow-document'],
    breaks: ['zulip.streams.guest-no-public', 'zulip.streams.include-default-annotates-only', 'zulip.streams.include-all-active-alias'],
    kills: ZULIP_KILLS,
  },
  {
    name: 'streams-follow-document-spec',
    kind: 'parameter',
    operations: [STREAMS],
    quirks: ['channels-follow-document'],
    profile: 'spec',
    breaks: ['op20.include-public.guests', 'op20.include-default', 'op20.include-all-active.administrators-only'],
    kills: DOCUMENT_KILLS,
  },
  {
    name: 'streams-admin-only-include-all-active',
    kind: 'permission',
    operations: [STREAMS],
    quirks: ['streams-admin-only-include-all-active'],
    breaks: ['zulip.streams.include-all-active-alias'],
    kills: ['op20.include-all-active.member-alias'],
  },
];
