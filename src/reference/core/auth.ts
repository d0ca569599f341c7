// HTTP Basic authentication with `email:api_key`. The document does not show the answer to
// missing or invalid credentials: the zulip flavor fails like Zulip (401 UNAUTHORIZED with a
// WWW-Authenticate challenge), the variant otherwise, with no JSON at all (realm/flavor.ts,
// credentialsRefusal).
import { timingSafeEqual } from 'node:crypto';
import { ApiError, PlainRefusal, badRequest } from './errors.js';
import type { Realm, User } from '../realm/model.js';
import type { Quirks } from '../realm/quirk-set.js';

function refusal(realm: Realm, quirks: Quirks): (msg: string) => ApiError {
  const refused = realm.flavor.credentialsRefusal;
  const headers: Record<string, string> = refused.challenge ? { 'WWW-Authenticate': 'Basic realm="zulip"' } : {};
  const status = quirks.has('auth-200-on-bad-key') ? 200 : refused.status;
  if ('page' in refused) return () => new PlainRefusal(status, refused.page.contentType, refused.page.text, headers);
  return (msg) => new ApiError(status, refused.code, msg, {}, headers);
}

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function authenticate(header: string | undefined, realm: Realm, quirks: Quirks): User {
  const unauthorized = refusal(realm, quirks);
  if (!header) throw unauthorized('Missing authorization header for basic auth');
  // Zulip splits the header in two words (zerver/decorator.py get_basic_credentials): another
  // count is a 401, a scheme other than Basic a 400 (fact zulip.auth.non-basic-scheme-400).
  const words = header.trim().split(/\s+/);
  if (words.length !== 2) throw unauthorized('Invalid authorization header for basic auth');
  if (words[0].toLowerCase() !== 'basic') throw badRequest('This endpoint requires HTTP basic authentication.');
  const decoded = Buffer.from(words[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw unauthorized('Invalid authorization header for basic auth');
  const email = decoded.slice(0, colon).toLowerCase();
  const key = decoded.slice(colon + 1);
  const user = realm.users.find((u) => u.email === email);
  if (!user) throw unauthorized('Invalid API key');
  if (!quirks.has('auth-accepts-bad-key') && !sameKey(user.apiKey, key)) throw unauthorized('Invalid API key');
  if (!user.isActive) throw unauthorized('Account is deactivated');
  return user;
}
