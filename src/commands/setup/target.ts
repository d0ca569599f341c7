// What `setup` asks of the target, as the owner (or as an account it made): each call returns
// what setup needs, or the server's refusal as data ({ refused }), so setup can say why it stops.
// Zulip's behaviour behind each call is a fact of specs/zulip-facts.yaml (zulip.setup.*).
import { ApiClient, type Exchange } from '../../http/client.js';
import type { Account } from '../../common/vocabulary.js';
import { ConfigError } from '../../common/vocabulary.js';
import { unreachable } from '../run/preflight.js';
import { rateLimitOf, type RateLimit } from '../../http/rate-limit-headers.js';

/** A user as GET /users lists it: the fields setup reads. */
export interface TargetUser {
  userId: number;
  /** The real address where the owner may see it (delivery_email), else the one shown. */
  email: string;
  role: number;
  isBot: boolean;
  isActive: boolean;
}

/** A server's answer that was not a success: the HTTP status and its msg and code. */
export interface Refusal {
  status: number;
  msg: string;
  code: string | null;
}

export type Answer<T> = { ok: T } | { refused: Refusal };

const objectOf = (exchange: Exchange): Record<string, unknown> => {
  const json = exchange.response?.json;
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
};

/** "HTTP 400: \"msg\" (CODE)", for a refusal in a cause. */
export const refusalText = (r: Refusal) => `HTTP ${r.status}${r.msg ? `: ${JSON.stringify(r.msg)}` : ''}${r.code ? ` (${r.code})` : ''}`;

export class SetupTarget {
  private readonly client: ApiClient;
  /** The limit per account the target's answers state (X-RateLimit-* headers), null while none has. */
  rateLimit: RateLimit | null = null;

  constructor(
    readonly url: string,
    private readonly owner: Account,
    private readonly timeoutMs: number,
  ) {
    this.client = new ApiClient(url, { timeoutMs, connections: 2 });
  }

  /** One request; a transport fault stops setup (the target is not there), an answer is returned as it came. */
  private async send(
    method: string,
    path: string,
    params: Record<string, string | number> | undefined,
    as: Account | null = this.owner,
  ): Promise<Answer<Record<string, unknown>>> {
    const exchange = await this.client.send({ method, path, params, auth: as && { ...as, role: 'setup' }, purpose: 'fixture' });
    if (exchange.error) throw new ConfigError(unreachable(this.url, exchange.error, this.timeoutMs));
    if (as) this.rateLimit ??= rateLimitOf([exchange]);
    const body = objectOf(exchange);
    const status = exchange.response!.status;
    if (status === 200 && body.result === 'success') return { ok: body };
    return { refused: { status, msg: typeof body.msg === 'string' ? body.msg : '', code: typeof body.code === 'string' ? body.code : null } };
  }

  /** GET /server_settings, whatever it holds (an error answer gives an empty object: setup goes on to the owner's check). */
  async serverSettings(): Promise<Record<string, unknown>> {
    const answer = await this.send('GET', '/server_settings', undefined, null);
    return 'ok' in answer ? answer.ok : {};
  }

  /** GET /users/me as `account`. */
  async me(account: Account): Promise<Answer<{ userId: number; role: number; isBot: boolean }>> {
    const answer = await this.send('GET', '/users/me', undefined, account);
    if ('refused' in answer) return answer;
    return { ok: { userId: Number(answer.ok.user_id), role: Number(answer.ok.role), isBot: answer.ok.is_bot === true } };
  }

  /** GET /users: every user, deactivated ones too (Zulip lists them with is_active false). */
  async users(): Promise<Answer<TargetUser[]>> {
    const answer = await this.send('GET', '/users', undefined);
    if ('refused' in answer) return answer;
    const members = Array.isArray(answer.ok.members) ? (answer.ok.members as Record<string, unknown>[]) : [];
    return {
      ok: members.map((m) => ({
        userId: Number(m.user_id),
        email: String(typeof m.delivery_email === 'string' ? m.delivery_email : m.email).toLowerCase(),
        role: Number(m.role),
        isBot: m.is_bot === true,
        isActive: m.is_active !== false,
      })),
    };
  }

  /** POST /users: a new member; the owner needs can_create_users. */
  async createUser(email: string, password: string, fullName: string): Promise<Answer<{ userId: number }>> {
    const answer = await this.send('POST', '/users', { email, password, full_name: fullName });
    return 'ok' in answer ? { ok: { userId: Number(answer.ok.user_id) } } : answer;
  }

  /** POST /fetch_api_key: the account's key, signing in with its address and password. */
  async fetchKey(email: string, password: string): Promise<Answer<{ apiKey: string; userId: number }>> {
    const answer = await this.send('POST', '/fetch_api_key', { username: email, password }, null);
    if ('refused' in answer) return answer;
    return { ok: { apiKey: String(answer.ok.api_key), userId: Number(answer.ok.user_id) } };
  }

  /** PATCH /users/{user_id} role. */
  async setRole(userId: number, role: number): Promise<Answer<true>> {
    const answer = await this.send('PATCH', `/users/${userId}`, { role });
    return 'ok' in answer ? { ok: true } : answer;
  }

  /** GET /bots: the owner's active bots, with their addresses and keys. */
  async bots(): Promise<Answer<{ email: string; apiKey: string }[]>> {
    const answer = await this.send('GET', '/bots', undefined);
    if ('refused' in answer) return answer;
    const bots = Array.isArray(answer.ok.bots) ? (answer.ok.bots as Record<string, unknown>[]) : [];
    return { ok: bots.map((b) => ({ email: String(b.username).toLowerCase(), apiKey: String(b.api_key) })) };
  }

  /** POST /bots (a generic bot), then its address from GET /users/{user_id} (POST /bots does not give it). */
  async createBot(fullName: string, shortName: string): Promise<Answer<{ userId: number; apiKey: string; email: string }>> {
    const made = await this.send('POST', '/bots', { full_name: fullName, short_name: shortName });
    if ('refused' in made) return made;
    const userId = Number(made.ok.user_id);
    const read = await this.send('GET', `/users/${userId}`, undefined);
    if ('refused' in read) return read;
    const user = (read.ok.user ?? {}) as Record<string, unknown>;
    const email = String(typeof user.delivery_email === 'string' ? user.delivery_email : user.email).toLowerCase();
    return { ok: { userId, apiKey: String(made.ok.api_key), email } };
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
