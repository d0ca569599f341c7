// Who reads the CLI's messages. At a shell a setting is a flag or a CONFORMANCE_* variable; in the
// GitHub Action it is an input of the step (action.yml sets the variables from its inputs, and
// TEAMCHAT_CONFORMANCE_ACTION=true), and a message naming the flag would send its reader looking
// for something they cannot set.
import { accountEnv, ROLES } from './vocabulary.js';

/** Set to `true` by action.yml; not a CONFORMANCE_* name, which the suite would refuse as unknown. */
export const ACTION_ENV = 'TEAMCHAT_CONFORMANCE_ACTION';

/** The CONFORMANCE_* variables action.yml sets from its inputs, each with its input's name. */
export const ACTION_INPUTS: Readonly<Record<string, string>> = {
  CONFORMANCE_TARGET_URL: 'target-url',
  CONFORMANCE_PROFILE: 'profile',
  CONFORMANCE_FEATURE_LEVEL: 'feature-level',
  CONFORMANCE_OPERATIONS: 'operation',
  CONFORMANCE_GREP: 'grep',
  CONFORMANCE_CLAUSES: 'clause',
  CONFORMANCE_FAIL_ON_SKIP: 'fail-on-skip',
  CONFORMANCE_BASELINE: 'baseline',
  CONFORMANCE_EXPECTATIONS: 'expectations',
  CONFORMANCE_SHARD: 'shard',
  CONFORMANCE_REPORT_DIR: 'report-dir',
  CONFORMANCE_HAR: 'har',
  CONFORMANCE_I_UNDERSTAND_THIS_WRITES: 'i-understand-this-writes',
  CONFORMANCE_OWNER_CAN_CHANGE_USER_EMAILS: 'owner-can-change-user-emails',
  ...Object.fromEntries(
    ROLES.flatMap((role) => [
      [accountEnv(role).email, `${role}-email`],
      [accountEnv(role).apiKey, `${role}-api-key`],
    ]),
  ),
};

/** An environment: process.env, or a test's. */
export type Env = Record<string, string | undefined>;

export function viaAction(env: Env = process.env): boolean {
  return env[ACTION_ENV] === 'true';
}

/** A setting the user gave in the environment variable `envName`: that name, or in the action its input's. */
export function envSettingName(envName: string, env: Env = process.env): string {
  const input = viaAction(env) ? ACTION_INPUTS[envName] : undefined;
  return input ? `input ${input}` : envName;
}

/**
 * A variable that holds what the user gave (an account's email): named as envSettingName names it
 * when it came from the environment, which in the action is its input; else it came from an env
 * file, where it is the variable.
 */
export function givenSettingName(envName: string, env: Env = process.env): string {
  return env[envName] ? envSettingName(envName, env) : envName;
}

/** A setting with a flag (`--report-dir`): the flag, or in the action its input (`input report-dir`). */
export function flagSettingName(flag: string, envName: string, env: Env = process.env): string {
  const input = viaAction(env) ? ACTION_INPUTS[envName] : undefined;
  return input ? `input ${input}` : `--${flag}`;
}
