// How topic names compare and show: a leaf module, used by the message and topic modules alike.
import type { Realm } from '../realm/model.js';

/** Zulip compares topic names case-insensitively. */
export const sameTopic = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The empty topic is shown by its display name unless the client says it understands "". */
export const shownTopic = (realm: Realm, topic: string, allowEmpty: boolean): string =>
  topic === '' && !allowEmpty ? realm.flavor.emptyTopicDisplayName : topic;
