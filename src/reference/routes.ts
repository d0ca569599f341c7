// Every route of the reference server, by area.
import { channelRoutes } from './channels.js';
import { channelFolderRoutes } from './channel-folders.js';
import { channelUpdateRoutes } from './channel-update.js';
import { groupMemberRoutes } from './group-members.js';
import { navigationViewRoutes } from './navigation-views.js';
import { savedSnippetRoutes } from './saved-snippets.js';
import { userGroupRoutes } from './user-groups.js';
import { messageFetchRoutes } from './message-fetch.js';
import { editHistoryRoutes } from './edit-history.js';
import { messageEditRoutes } from './message-edit.js';
import { messageReadRoutes } from './message-read.js';
import { realmSettingsRoutes } from './realm-settings.js';
import { uploadRoutes } from './uploads.js';
import { messageRoutes } from './messages.js';
import { readFlagRoutes } from './read-flags.js';
import { registerRoutes } from './register.js';
import type { Route } from './router.js';
import { statusRoutes } from './status.js';
import { streamRoutes } from './streams.js';
import { subscriptionRoutes } from './subscriptions.js';
import { topicDeleteRoutes } from './topic-delete.js';
import { topicRoutes } from './topics.js';
import { typingRoutes } from './typing.js';
import { userRoutes } from './users.js';
import { customProfileFieldRoutes } from './custom-profile-fields.js';
import { draftRoutes } from './drafts.js';
import { pushRoutes } from './push.js';
import { realmDefaultsRoutes } from './realm-defaults.js';
import { settingsRoutes } from './settings.js';
import { userAdminRoutes } from './user-admin.js';
import { userCreateRoutes } from './user-create.js';
import { userTopicRoutes } from './user-topics.js';

export const ROUTES: readonly Route[] = [
  ...registerRoutes,
  ...userRoutes,
  ...userAdminRoutes, // after userRoutes: PATCH /users/{email:path} must not shadow the GET routes' answers
  ...userCreateRoutes,
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
  ...uploadRoutes,
  ...typingRoutes,
  ...topicRoutes,
  ...topicDeleteRoutes,
  ...readFlagRoutes,
];
