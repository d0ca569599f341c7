// The public entry point: start an independent reference server on a fresh seeded realm.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createRequestListener } from './core/http.js';
import type { Realm, User } from './realm/model.js';
import { parseQuirks } from './quirks.js';
import { ROUTES } from './routes.js';
import { routeKey } from './core/router.js';
import { NEWEST_FEATURE_LEVEL, OLDEST_FEATURE_LEVEL } from './core/levels.js';
import { shortcutRoutes } from './realm/shortcuts.js';
import { addPoolMembers, createSeededRealm, keepOnlyOwner } from './seed.js';
import { seededUserId } from './realm/seed-ids.js';
import { FLAVORS, type FlavorName } from './realm/flavor.js';
import { RateLimiter, type RateLimitRule } from './core/rate-limit.js';

export { QUIRKS } from './quirks.js';

export type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'member2' | 'guest';

/** The roles of which more accounts may be seeded for a run to spread its work over. */
const POOLS = ['member', 'admin', 'owner'] as const;
export type Pool = (typeof POOLS)[number];

export interface ReferenceAccount {
  email: string;
  apiKey: string;
  userId: number;
  role: RoleName;
}

export interface ReferenceServerOptions {
  port?: number; // default 0: an ephemeral port
  host?: string; // default 127.0.0.1
  quirks?: string[];
  /** "variant": the realm that obeys the document but differs from Zulip wherever it may (realm/flavor.ts). */
  flavor?: FlavorName;
  /** A shorter heartbeat period of GET /events than the flavor's (the suite's own tests). */
  heartbeatMs?: number;
  /** A shorter idle lifetime of an event queue than the flavor's ten minutes (the suite's own tests). */
  queueIdleMs?: number;
  /** false: new channels get no creation notice (the reference server's own tests, which count messages). */
  channelNotices?: boolean;
  /**
   * false: no shortcuts (realm/shortcuts.ts): the server does not name itself "reference" and
   * cannot age messages, so a run judges it as any other server (`serve --no-shortcuts`).
   */
  shortcuts?: boolean;
  /** Limit each account to `requests` per `seconds` as Zulip does (429 with Retry-After, X-RateLimit-* headers); none by default. */
  rateLimit?: RateLimitRule | null;
  /**
   * The Zulip feature level to answer as (default 420, the document's): what is newer is absent
   * (core/levels.ts). Above 420 the server reports the level it is given and behaves as 420.
   */
  featureLevel?: number;
  /** The owner holds can_create_users, which a server administrator grants outside the API (default true). */
  ownerCanCreateUsers?: boolean;
  /** false: the organisation allows no password sign-in (POST /fetch_api_key refuses; GET /server_settings says so). */
  passwordLogin?: boolean;
  /**
   * More accounts of each pool (plain members, administrators, owners) for a run to spread its
   * work over (`serve --extra-members N`, `--extra-admins`, `--extra-owners`); none by default.
   */
  extras?: Partial<Record<Pool, number>>;
}

export interface ReferenceServer {
  url: string;
  /** The level GET /server_settings reports. */
  featureLevel: number;
  accounts: Record<RoleName, ReferenceAccount>;
  bot: ReferenceAccount & { ownerId: number };
  /** The extra accounts asked for, each pool's in turn (none by default). */
  extras: (ReferenceAccount & { pool: Pool })[];
  close(): Promise<void>;
}

/**
 * `seedAccounts: false`: the realm holds its owner and no other account, as a new organisation
 * does (`serve --no-seed-accounts`); `setup` makes the others through the API.
 */
export interface SeedAccountsOption {
  seedAccounts?: boolean;
}

/** A reference server started with `seedAccounts: false`: only its owner has an account. */
export interface OwnerOnlyReferenceServer extends Omit<ReferenceServer, 'accounts' | 'bot'> {
  accounts: Pick<ReferenceServer['accounts'], 'owner'>;
  bot: null;
}

const ROLE_NAMES: RoleName[] = ['owner', 'admin', 'moderator', 'member', 'member2', 'guest'];

function account(realm: Realm, id: number, role: RoleName): ReferenceAccount {
  const user = realm.users.find((u) => u.id === id) as User;
  return { email: user.email, apiKey: user.apiKey, userId: user.id, role };
}

/** Requests Node's HTTP parser refuses still get a JSON envelope, not a bare 400. */
function answerUnparsableRequest(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ result: 'error', msg: 'Malformed HTTP request', code: 'BAD_REQUEST' });
  socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** The level to answer as: an integer from the oldest the level tables reach back to; above 420 is reported, behaving as 420. */
function checkedFeatureLevel(level: number | undefined): number {
  if (level === undefined) return NEWEST_FEATURE_LEVEL;
  if (!Number.isInteger(level) || level < OLDEST_FEATURE_LEVEL) {
    throw new Error(`feature level ${level}: the reference server answers as a level from ${OLDEST_FEATURE_LEVEL} on (an integer)`);
  }
  return level;
}

export function startReferenceServer(options: ReferenceServerOptions & { seedAccounts: false }): Promise<OwnerOnlyReferenceServer>;
export function startReferenceServer(options?: ReferenceServerOptions & { seedAccounts?: true }): Promise<ReferenceServer>;
export function startReferenceServer(options: ReferenceServerOptions & SeedAccountsOption): Promise<ReferenceServer | OwnerOnlyReferenceServer>;
export async function startReferenceServer(options: ReferenceServerOptions & SeedAccountsOption = {}): Promise<ReferenceServer | OwnerOnlyReferenceServer> {
  const quirks = parseQuirks(options.quirks);
  const flavor = FLAVORS[options.flavor ?? 'zulip'];
  const featureLevel = checkedFeatureLevel(options.featureLevel);
  const realm = createSeededRealm(
    {
      ...flavor,
      ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
      ...(options.queueIdleMs ? { queueIdleMs: options.queueIdleMs } : {}),
      ...(options.channelNotices === false ? { newChannelNotice: null } : {}),
    },
    featureLevel,
  );
  realm.shortcuts = options.shortcuts !== false;
  realm.passwordLogin = options.passwordLogin !== false;
  if (options.seedAccounts === false) keepOnlyOwner(realm);
  if (options.ownerCanCreateUsers === false) realm.users.find((u) => u.id === seededUserId(realm, 'owner'))!.canCreateUsers = false;
  const pool = POOLS.flatMap((p) => addPoolMembers(realm, options.extras?.[p] ?? 0, p).map((user) => ({ user, pool: p })));
  const extras = pool.map(({ user, pool: p }) => ({ ...account(realm, user.id, p), pool: p }));
  // An endpoint newer than the level is unknown: it answers as any unknown path does.
  const routes = [...ROUTES, ...(realm.shortcuts ? shortcutRoutes : [])].filter((route) => realm.level.endpoint(routeKey(route)));
  const server = createServer(
    { keepAlive: true },
    createRequestListener({ realm, quirks, routes, rateLimiter: options.rateLimit ? new RateLimiter(options.rateLimit) : null }),
  );
  // Longer than any client keeps an idle connection (the suite's: 10 s at most), so the client
  // closes it first and never sends a request on a connection the server is closing.
  server.keepAliveTimeout = 30_000;
  server.on('clientError', answerUnparsableRequest);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  realm.url = url;

  const close = () =>
    new Promise<void>((resolve, reject) => {
      // A second close() is harmless: the server is already down.
      server.close((err) => (err && (err as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING' ? reject(err) : resolve()));
      // Idle keep-alive sockets would otherwise hold close() open for seconds.
      server.closeAllConnections();
    });
  if (options.seedAccounts === false)
    return {
      url,
      featureLevel,
      accounts: { owner: account(realm, seededUserId(realm, 'owner'), 'owner') },
      bot: null,
      extras,
      close,
    };
  const accounts = Object.fromEntries(ROLE_NAMES.map((role) => [role, account(realm, seededUserId(realm, role), role)])) as Record<RoleName, ReferenceAccount>;
  const bot = { ...account(realm, seededUserId(realm, 'bot'), 'member'), ownerId: seededUserId(realm, 'member') };
  return { url, featureLevel, accounts, bot, extras, close };
}
