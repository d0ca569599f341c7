// For any combination of emoji_name, emoji_code and reaction_type, POST /users/me/status
// accepts it exactly when operation 13 allows it: a known name alone or with its own code and
// type; a code or type without a name, an unknown name, or a name that does not name the code
// is BAD_REQUEST. Runs as the moderator, whose status no other case or property touches (the
// status-text property reads member2's text back concurrently); cleared in teardown.
import { show, defineProperty, violated, outcome } from '../src/property/define.js';
import { statusEmoji, type StatusEmoji } from './arbitraries/status-emoji.js';

export const PROPERTY = defineProperty<StatusEmoji>({
  id: 'prop.op13.status-emoji-rules',
  endpoint: 'POST /users/me/status',
  title: 'a status emoji is accepted exactly when its name is known and agrees with the code and type sent',
  clauses: [
    'op13.emoji-name.type',
    'op13.reaction-type.unicode-emoji',
    'op13.bad-request.code-without-name',
    'op13.bad-request.type-without-name',
    'op13.bad-request.emoji-not-exist',
    'op13.bad-request.invalid-emoji-name',
  ],
  facts: ['zulip.status.emoji-names', 'zulip.status.emoji-rules'],
  roles: ['moderator'],
  // Feature levels (facts zulip.level.<N>): emoji_name, emoji_code and reaction_type (86).
  since: 86,
  runs: 14,
  arbitrary: () => statusEmoji,
  async teardown(api) {
    await api.call('moderator', 'POST', '/users/me/status', { status_text: '', emoji_name: '' });
  },
  async check(api, { valid, clause, ...emoji }) {
    const { body, request } = await api.call('moderator', 'POST', '/users/me/status', { ...emoji });
    if (valid) violated(body.result === 'success', () => `${show(emoji)} is allowed: expected success, got ${outcome(body)} (${request})`, { clause });
    else
      violated(
        body.result === 'error' && body.code === 'BAD_REQUEST',
        () => `${show(emoji)} is not allowed: expected a BAD_REQUEST error, got ${outcome(body)} (${request})`,
        { clause },
      );
  },
});
