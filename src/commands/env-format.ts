// The env format of DESIGN.md, written for a target and its accounts.
import { accountEnv, ROLES, type Account, type Role } from '../common/vocabulary.js';

export function envFileText(url: string, accounts: Partial<Record<Role, Account>>, featureLevel?: number): string {
  const lines = ['# teamchat-conformance target (written by `npm run serve`)', `CONFORMANCE_TARGET_URL=${url}`];
  if (featureLevel) lines.push(`CONFORMANCE_FEATURE_LEVEL=${featureLevel}`);
  for (const role of ROLES) {
    const account = accounts[role];
    if (!account) continue;
    const names = accountEnv(role);
    lines.push(`${names.email}=${account.email}`, `${names.apiKey}=${account.apiKey}`);
  }
  return `${lines.join('\n')}\n`;
}
