// What the reference server offers a run beyond any server's API, unless it is started without
// shortcuts (`serve --no-shortcuts`): it names itself "reference" in GET /server_settings and
// POST /register, so the run may use what only its seeded realm has (push devices behind failing
// relays), and POST /reference/age_messages makes the messages it names older, so the run need
// not wait out a time limit; GET /reference/seeded_accounts names the seeded accounts still there, so a run
// uses the seeded data (push devices) only with them. Without the shortcuts, a run judges the
// reference server as any other server.
import { badRequest } from '../core/errors.js';
import type { Context, Route } from '../core/router.js';
import type { Realm } from './model.js';
import { SEED_USER_IDS, seededUserId } from './seed-ids.js';

/** zulip_version: "reference" tells a run it may take the shortcuts. */
export const serverVersion = (realm: Realm) => (realm.shortcuts ? 'reference' : 'reference (no shortcuts)');

/**
 * The messages named (`message_ids`, a JSON list; every message when absent) become `seconds`
 * older, as if the run had waited that long. Named, so that messages other cases send meanwhile
 * keep the times they were sent at (a read of their history compares them).
 */
function ageMessages(ctx: Context) {
  const seconds = ctx.params.int('seconds');
  if (seconds < 1) throw badRequest('seconds must be positive');
  const named = ctx.params.optList('message_ids');
  if (named?.some((id) => !Number.isInteger(id))) throw badRequest('message_ids must be a list of message ids');
  const ids = named ? new Set(named as number[]) : null;
  for (const message of ctx.realm.messages) if (!ids || ids.has(message.id)) message.timestamp -= seconds;
  return {};
}

/** The seeded accounts the realm still has, by role, with their ids (`serve --no-seed-accounts`: the owner only). */
function seededAccounts(ctx: Context) {
  const roles = ['owner', 'admin', 'moderator', 'member', 'member2', 'guest', 'bot'] as const satisfies (keyof typeof SEED_USER_IDS)[];
  const present = roles.map((role) => [role, seededUserId(ctx.realm, role)] as const).filter(([, id]) => ctx.realm.users.some((u) => u.id === id));
  return { accounts: Object.fromEntries(present) };
}

export const shortcutRoutes: Route[] = [
  { method: 'POST', path: '/reference/age_messages', params: ['seconds', 'message_ids'], handle: ageMessages },
  { method: 'GET', path: '/reference/seeded_accounts', params: [], handle: seededAccounts },
];
