// What the plan knows before anything is sent: the filters, the roles (every one on the embedded
// reference server, else those configured), the level (given, else the newest known: nothing is
// probed yet), whether the target is the reference server with its shortcuts (only the embedded
// one is known to be, before anything is sent) and whether its owner holds can_change_user_emails.
import { type Config } from '../../config/config.js';
import { ROLES, type Role } from '../../common/vocabulary.js';
import { planInputOf, type PlanInput } from '../../engine/run/plan.js';
import { levelToJudge } from '../../common/vocabulary.js';

export function planInputFor(config: Config): PlanInput {
  const embedded = config.targetUrl === null;
  const roles = embedded ? [...ROLES] : (Object.keys(config.accounts) as Role[]);
  return planInputOf(config, levelToJudge(config.featureLevel, null), roles, embedded, embedded || config.ownerCanChangeUserEmails);
}
