// `npm run colleagues -- --env-file F [--rate 30] [--count 3] [--seconds N] [--mix reply=30,typing=0]`:
// busy colleagues (tests/support/colleagues.ts) at work on the target of an env file until Ctrl-C
// (or for N seconds), so that a run started meanwhile meets an organisation in use, as on a
// shared staging server. They are users of their own, made through POST /users by the env file's
// owner (who needs Zulip's can_create_users: `manage.py change_user_role <email>
// can_create_users`) and acting with their own keys; they write to the env file's accounts. At
// the end they archive their channels, deactivate their groups and clear their status (users
// cannot be deleted: they stay, named `Colleague <tag> <n>`). A target not on this machine needs
// --i-understand-this-writes, as a run does.
import { parseArgs } from 'node:util';
import { readEnvFile } from '../src/config/env-file.js';
import { invocationDir, KNOWN_ENV_KEYS } from '../src/config/config.js';
import { resolve } from 'node:path';
import { accountEnv, ROLES } from '../src/common/vocabulary.js';
import { isLoopback } from '../src/commands/shared/write-consent.js';
import { DEFAULT_MIX, startColleagues, type ActionName } from '../tests/support/colleagues.js';

const { values } = parseArgs({
  options: {
    'env-file': { type: 'string' },
    rate: { type: 'string', default: '30' },
    count: { type: 'string', default: '3' },
    seconds: { type: 'string' },
    mix: { type: 'string' },
    'i-understand-this-writes': { type: 'boolean', default: false },
  },
});

function fail(why: string): never {
  console.error(`colleagues: ${why}`);
  process.exit(2);
}

// Read from the directory the command was typed in, as a run's paths are (npm says where in INIT_CWD).
const file = resolve(invocationDir(), values['env-file'] ?? fail('--env-file F names the target and its accounts (the env file of a run)'));
let env: Record<string, string>;
try {
  env = readEnvFile(file, KNOWN_ENV_KEYS).values;
} catch (error) {
  fail((error as Error).message);
}
const url = env.CONFORMANCE_TARGET_URL ?? fail(`${file} has no CONFORMANCE_TARGET_URL`);
const owner = { email: env[accountEnv('owner').email], apiKey: env[accountEnv('owner').apiKey] };
if (!owner.email || !owner.apiKey) fail(`${file} has no owner account: the owner makes the colleagues (POST /users)`);
if (!isLoopback(url) && !values['i-understand-this-writes']) fail(`${url} is not on this machine: pass --i-understand-this-writes to write to it`);
const [rate, count] = [Number(values.rate), Number(values.count)];
if (!(rate > 0) || !Number.isInteger(count) || count < 1) fail('--rate takes requests a second (above 0), --count a whole number of colleagues');
const mix: Partial<Record<ActionName, number>> = {};
for (const pair of values.mix?.split(',').filter(Boolean) ?? []) {
  const [name, weight] = pair.split('=');
  if (!(name in DEFAULT_MIX) || !(Number(weight) >= 0)) fail(`--mix: "${pair}" is not <action>=<weight> (actions: ${Object.keys(DEFAULT_MIX).join(', ')})`);
  mix[name as ActionName] = Number(weight);
}
const recipients = ROLES.map((role) => env[accountEnv(role).email]).filter((email): email is string => Boolean(email));

const colleagues = await startColleagues({ url, creator: owner, count, rate, mix, recipients });
console.log(`colleagues: ${colleagues.users.map((u) => u.email).join(', ')} at work on ${url}, ${rate} requests a second; Ctrl-C stops them`);
const stopped = new Promise<void>((resolve) => {
  process.once('SIGINT', resolve);
  process.once('SIGTERM', resolve);
  if (values.seconds) setTimeout(resolve, Number(values.seconds) * 1000);
});
await stopped;
const done = await colleagues.stop({ tidyUp: true });
const actions = Object.entries(done.actions)
  .map(([name, n]) => `${name} ${n.sent}${n.refused ? ` (${n.refused} refused)` : ''}`)
  .join(', ');
console.log(`colleagues: ${done.sent} requests in ${(done.elapsedMs / 1000).toFixed(1)} s: ${actions}; ${done.repliesInRunChannels} replies in runs' channels`);
for (const why of done.refusals) console.log(`  refused: ${why}`);
process.exit(0);
