// HTTP Basic authentication with `email:api_key`, failing like Zulip: 401 UNAUTHORIZED
// with a WWW-Authenticate challenge.
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors.js';
import type { Realm, User } from './model.js';
import type { Quirks } from './quirks.js';

function unauthorized(msg: string, quirks: Quirks): ApiError {
  const status = quirks.has('auth-200-on-bad-key') ? 200 : 401;
  return new ApiError(status, 'UNAUTHORIZED', msg, {}, { 'WWW-Authenticate': 'Basic realm="zulip"' });
}

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function authenticate(header: string | undefined, realm: Realm, quirks: Quirks): User {
  if (!header) throw unauthorized('Missing authorization header for basic auth', quirks);
  const match = /^basic\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('Invalid authorization header for basic auth', quirks);
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw unauthorized('Invalid authorization header for basic auth', quirks);
  const email = decoded.slice(0, colon).toLowerCase();
  const key = decoded.slice(colon + 1);
  const user = realm.users.find((u) => u.email === email);
  if (!user) throw unauthorized('Invalid API key', quirks);
  if (!quirks.has('auth-accepts-bad-key') && !sameKey(user.apiKey, key)) throw unauthorized('Invalid API key', quirks);
  if (!user.isActive) throw unauthorized('Account is deactivated', quirks);
  return user;
}
