// Every route of the reference server, by area.
import { channelRoutes } from './channels/lookup-and-archive.js';
import { channelFolderRoutes } from './channels/folders.js';
import { channelUpdateRoutes } from './channels/update.js';
import { groupMemberRoutes } from './users/group-members.js';
import { navigationViewRoutes } from './settings/navigation-views.js';
import { savedSnippetRoutes } from './settings/saved-snippets.js';
import { userGroupRoutes } from './users/groups.js';
import { messageFetchRoutes } from './messages/fetch.js';
import { editHistoryRoutes } from './messages/history.js';
import { messageEditRoutes } from './messages/edit.js';
import { messageReadRoutes } from './messages/read-and-delete.js';
import { realmSettingsRoutes } from './settings/organisation.js';
import { uploadRoutes } from './messages/uploads.js';
import { messageRoutes } from './messages/send.js';
import { readFlagRoutes } from './channels/mark-topic-read.js';
import { registerRoutes } from './events/register.js';
import type { Route } from './core/router.js';
import { statusRoutes } from './users/status.js';
import { streamRoutes } from './channels/list.js';
import { subscriptionRoutes } from './channels/subscriptions.js';
import { topicDeleteRoutes } from './channels/topic-delete.js';
import { topicRoutes } from './channels/topics.js';
import { typingRoutes } from './events/typing.js';
import { userByEmailRoutes, userRoutes } from './users/read.js';
import { customProfileFieldRoutes } from './users/profile-fields.js';
import { draftRoutes } from './settings/drafts.js';
import { pushRoutes } from './settings/push.js';
import { realmDefaultsRoutes } from './settings/realm-defaults.js';
import { settingsRoutes } from './settings/own-settings.js';
import { userAdminRoutes } from './users/admin-update.js';
import { userCreateRoutes } from './users/create.js';
import { userTopicRoutes } from './channels/user-topics.js';
import { botRoutes } from './users/bots.js';
import { realmEmojiRoutes } from './users/realm-emoji.js';

export const ROUTES: readonly Route[] = [
  ...registerRoutes,
  ...userRoutes,
  ...userAdminRoutes, // after userRoutes: PATCH /users/{email:path} must not shadow the GET routes' answers
  ...userCreateRoutes,
  ...botRoutes,
  ...settingsRoutes,
  ...draftRoutes,
  ...realmDefaultsRoutes,
  ...userTopicRoutes,
  ...customProfileFieldRoutes,
  ...pushRoutes,
  ...statusRoutes,
  ...streamRoutes,
  ...channelRoutes,
  ...channelUpdateRoutes,
  ...channelFolderRoutes,
  ...userGroupRoutes,
  ...groupMemberRoutes,
  ...navigationViewRoutes,
  ...savedSnippetRoutes,
  ...subscriptionRoutes,
  ...messageRoutes,
  ...messageFetchRoutes,
  ...messageEditRoutes,
  ...messageReadRoutes,
  ...editHistoryRoutes,
  ...realmSettingsRoutes,
  ...realmEmojiRoutes,
  ...uploadRoutes,
  ...typingRoutes,
  ...topicRoutes,
  ...topicDeleteRoutes,
  ...readFlagRoutes,
  ...userByEmailRoutes, // last: its {email:text} slot would take GET /users/me and any other one-segment path
];
