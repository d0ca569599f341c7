// How topic names compare, read and show: a leaf module, used by the message and topic modules alike.
import { badRequest } from '../core/errors.js';
import type { Realm } from '../realm/model.js';

/** Zulip compares topic names case-insensitively. */
export const sameTopic = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** From feature level 334 a topic parameter equal to the empty topic's display name means the empty topic. */
export const namesEmptyTopic = (realm: Realm, topic: string): boolean => realm.level.has('empty topic') && topic === realm.flavor.emptyTopicDisplayName;

/** Before feature level 334 a channel message had a non-empty topic (Zulip's check_stream_topic). */
export function refuseEmptyTopicBefore334(realm: Realm, topic: string): void {
  if (topic === '' && !realm.level.has('empty topic')) throw badRequest("Topic can't be empty!");
}

/** The empty topic is shown by its display name unless the client says it understands "". */
export const shownTopic = (realm: Realm, topic: string, allowEmpty: boolean): string =>
  topic === '' && !allowEmpty ? realm.flavor.emptyTopicDisplayName : topic;
