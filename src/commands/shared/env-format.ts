// The env format of DESIGN.md, written for a target and its accounts.
import { accountEnv, EXTRA_ENV, POOLS, ROLES, type Account, type Pool, type Role } from '../../common/vocabulary.js';

/** What the accounts hold that no read shows, as a server administrator would declare it. */
export interface Grants {
  ownerCanChangeUserEmails?: boolean;
}

export function envFileText(
  url: string,
  accounts: Partial<Record<Role, Account>>,
  featureLevel?: number,
  grants: Grants = {},
  extras: Partial<Record<Pool, readonly Account[]>> = {},
): string {
  const lines = ['# teamchat-conformance target (written by `npm run serve`)', `CONFORMANCE_TARGET_URL=${url}`];
  if (featureLevel) lines.push(`CONFORMANCE_FEATURE_LEVEL=${featureLevel}`);
  if (grants.ownerCanChangeUserEmails) lines.push('CONFORMANCE_OWNER_CAN_CHANGE_USER_EMAILS=true');
  for (const role of ROLES) {
    const account = accounts[role];
    if (!account) continue;
    const names = accountEnv(role);
    lines.push(`${names.email}=${account.email}`, `${names.apiKey}=${account.apiKey}`);
  }
  for (const pool of POOLS) if (extras[pool]?.length) lines.push(`${EXTRA_ENV[pool]}=${extraMembersValue(extras[pool])}`);
  return `${lines.join('\n')}\n`;
}

/** CONFORMANCE_EXTRA_MEMBERS's value (or _ADMINS', _OWNERS'): `email:api_key` entries, comma-separated (config.ts parses it). */
export const extraMembersValue = (members: readonly Account[]) => members.map((m) => `${m.email}:${m.apiKey}`).join(',');
