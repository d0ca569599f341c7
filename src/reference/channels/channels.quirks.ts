// Quirks of PATCH /streams/{stream_id} (operation 4): each a fault the suite must catch, off by default.
export const CHANNELS_QUIRKS = {
  'channel-update-member-ok': 'PATCH /streams/{stream_id}: any user who can see the channel may update it',
  'channel-update-admins-only': 'PATCH /streams/{stream_id}: channel administrators who are not organization administrators are refused',
  'channel-update-ignores-description': 'PATCH /streams/{stream_id}: description accepted but not stored',
  'channel-description-no-limit': 'PATCH /streams/{stream_id}: description length not checked',
  'channel-history-public-false-ok': 'PATCH /streams/{stream_id}: history_public_to_subscribers=false accepted for a public channel',
  'channel-archive-via-patch-ok': 'PATCH /streams/{stream_id}: is_archived=true archives the channel',
  'channel-retention-admin-ok': 'PATCH /streams/{stream_id}: administrators who are not owners may set message_retention_days',
  'channel-empty-topic-only-ok': 'PATCH /streams/{stream_id}: topics_policy=empty_topic_only accepted with messages in named topics',
  'channel-private-permission-unsubscribed-ok':
    'PATCH /streams/{stream_id}: content-access permission settings of a private channel changed without content access',
  'channel-name-no-limit': 'PATCH /streams/{stream_id}: new_name length not checked',
  'channel-remove-subscribers-needs-content-access': 'PATCH /streams/{stream_id}: can_remove_subscribers_group needs content access, as the other settings',
  'channel-admins-need-group': 'PATCH /streams/{stream_id}: organization administrators outside can_administer_channel_group are refused',
  'web-public-ignores-spectator-access': 'PATCH /streams/{stream_id}: is_web_public=true accepted while the organization has enable_spectator_access off',
  'subscribe-others-ignores-channel-group': "POST /users/me/subscriptions: the channel's can_add_subscribers_group does not let its members add subscribers",
  'subscribe-others-needs-subscription':
    'POST /users/me/subscriptions: can_add_subscribers_group gives no access to a private channel; only subscribers may add to it',
  'unsubscribe-others-ignores-channel-group':
    "DELETE /users/me/subscriptions: the channel's can_remove_subscribers_group does not let its members remove subscribers",
  'delete-any-ignores-channel-group':
    "DELETE /messages/{message_id}: the channel's can_delete_any_message_group does not let its members delete others' messages",
  'delete-own-ignores-channel-group':
    "DELETE /messages/{message_id}: the channel's can_delete_own_message_group does not let its members delete their own messages",
  'channels-follow-document':
    'operations 4 and 20: follow the document where the Zulip server contradicts it (include_default adds channels, guests get public channels, is_archived=true unarchives, ...), as the variant realm does',
} as const;
