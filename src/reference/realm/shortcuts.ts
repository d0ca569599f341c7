// What the reference server offers a run beyond any server's API, unless it is started without
// shortcuts (`serve --no-shortcuts`): it names itself "reference" in GET /server_settings and
// POST /register, so the run may use what only its seeded realm has (push devices behind failing
// relays), and POST /reference/age_messages makes every message older, so the run need not wait
// out a time limit. Without them, a run judges the reference server as any other server.
import { badRequest } from '../core/errors.js';
import type { Context, Route } from '../core/router.js';
import type { Realm } from './model.js';

/** zulip_version: "reference" tells a run it may take the shortcuts. */
export const serverVersion = (realm: Realm) => (realm.shortcuts ? 'reference' : 'reference (no shortcuts)');

/** Every message becomes `seconds` older, as if the run had waited that long. */
function ageMessages(ctx: Context) {
  const seconds = ctx.params.int('seconds');
  if (seconds < 1) throw badRequest('seconds must be positive');
  for (const message of ctx.realm.messages) message.timestamp -= seconds;
  return {};
}

export const shortcutRoutes: Route[] = [{ method: 'POST', path: '/reference/age_messages', params: ['seconds'], handle: ageMessages }];
