// Every route of the reference server, by area.
import { channelRoutes } from './channels.js';
import { messageRoutes } from './messages.js';
import { registerRoutes } from './register.js';
import type { Route } from './router.js';
import { statusRoutes } from './status.js';
import { streamRoutes } from './streams.js';
import { subscriptionRoutes } from './subscriptions.js';
import { userRoutes } from './users.js';

export const ROUTES: readonly Route[] = [
  ...registerRoutes,
  ...userRoutes,
  ...statusRoutes,
  ...streamRoutes,
  ...channelRoutes,
  ...subscriptionRoutes,
  ...messageRoutes,
];
