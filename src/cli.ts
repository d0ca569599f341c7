// The command line: `run` (the default), `serve`, `setup`, `cleanup`, `validate-response`,
// `compare` and `merge`. Usage, configuration and preflight problems print one line on stderr and exit 2;
// an internal error exits 3 (exit-status.ts).
import { existsSync } from 'node:fs';
import { Command, Option } from 'commander';
import { resolve } from 'node:path';
import { CONFIG_KEYS, flagsTakenByNpm, invocationDir, loadConfig, npmConfigName } from './config/config.js';
import { ConfigError, POOLS, type Pool } from './common/vocabulary.js';
import { exitStatusOf } from './commands/run/exit-status.js';
import { didYouMean } from './common/suggest.js';
import { TOOL } from './common/tool.js';
import { DEFAULT_EMAIL_TEMPLATE, RUN_EXTRAS } from './commands/setup/accounts.js';

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const collect = (value: string, previous: string | undefined) => (previous ? `${previous},${value}` : value);

/** --extra-members, --extra-admins, --extra-owners: how many accounts of each pool, each 0 or more (or `auto`, where `auto` is taken). */
function extraCounts<Auto extends boolean = false>(
  opts: { extraMembers: string; extraAdmins: string; extraOwners: string },
  auto?: Auto,
): Record<Pool, Auto extends true ? number | 'auto' : number> {
  const given: Record<Pool, [string, string]> = {
    member: ['members', opts.extraMembers],
    admin: ['admins', opts.extraAdmins],
    owner: ['owners', opts.extraOwners],
  };
  return Object.fromEntries(
    POOLS.map((pool) => {
      const [word, value] = given[pool];
      if (auto && value === 'auto') return [pool, 'auto'];
      if (!/^\d+$/.test(value)) throw new ConfigError(`--extra-${word}: expected a number of ${word} (0 or more${auto ? ', or auto' : ''}), got "${value}"`);
      return [pool, Number(value)];
    }),
  ) as Record<Pool, Auto extends true ? number | 'auto' : number>;
}

/** A key's default as `--help` shows it, as commander writes the defaults of the other commands. */
function defaultText(key: (typeof CONFIG_KEYS)[number]): string {
  if (key.defaultHelp) return key.defaultHelp;
  const value = key.default();
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === false) return 'off';
  if (value === null || (Array.isArray(value) && !value.length)) return 'none';
  return JSON.stringify(value);
}

/** A reader that went away (`--list | head`) is not an error: the rest of the output is dropped. */
function quietOnClosedPipe(stream: NodeJS.WriteStream): () => boolean {
  let open = true;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    open = false;
  });
  return () => open;
}

/**
 * Stops (exit 2) when npm took some of the command's options for its own (config.ts,
 * flagsTakenByNpm), showing the command with `--` and the values npm took with them.
 */
function refuseFlagsTakenByNpm(flags: string[], booleans: Set<string>, script: string): void {
  const taken = flagsTakenByNpm(flags);
  if (!taken.length) return;
  const shell = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`);
  const given = taken.map((f) => {
    const value = process.env[npmConfigName(f)] ?? '';
    // npm reads an unknown option as a switch: its value went to the command as a word of its own.
    return booleans.has(f) ? `--${f}` : `--${f} ${value === 'true' ? '<value>' : shell(value)}`;
  });
  throw new ConfigError(
    `npm took ${taken.map((f) => `--${f}`).join(' ')} for its own option${taken.length > 1 ? 's' : ''} (${npmConfigName(taken[0])} is set): ` +
      `put \`--\` before the suite's options, as in \`npm run ${script} -- ${given.join(' ')}\``,
  );
}

export async function main(argv: string[]): Promise<number> {
  const stdoutOpen = quietOnClosedPipe(process.stdout);
  const stderrOpen = quietOnClosedPipe(process.stderr);
  const out = (line: string) => {
    if (stdoutOpen()) process.stdout.write(`${line}\n`);
  };
  const err = (line: string) => {
    if (stderrOpen()) process.stderr.write(`${line}\n`);
  };
  let status = 0;
  const program = new Command(TOOL.name)
    .description('Conformance test suite for servers implementing the team-chat (Zulip) REST API')
    .version(TOOL.version, '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({
      writeErr: (s) => {
        if (stderrOpen()) process.stderr.write(s);
      },
      writeOut: (s) => {
        if (stdoutOpen()) process.stdout.write(s);
      },
    });
  const commandNames = () => program.commands.map((c) => c.name());

  const runCommand = program
    .command('run', { isDefault: true })
    .description('run the suite (default: against the embedded reference server)')
    .option('--env-file <file>', 'read the target and accounts from this env file (default: .env, when there is one)')
    // A word that is no command lands here, as run is the default: it is reported as what it is.
    .allowExcessArguments(true);
  for (const key of CONFIG_KEYS) {
    // The default goes into the text, not into commander: a default value there would hide the environment's.
    const option = new Option(key.boolean ? `--${key.flag}` : `--${key.flag} <value>`, `${key.help} [${key.env}] (default: ${defaultText(key)})`);
    runCommand.addOption(key.key === 'referenceQuirks' || key.key === 'operations' || key.key === 'clauses' ? option.argParser(collect) : option);
  }
  runCommand.action(async (opts: Record<string, string | undefined>, command: Command) => {
    refuseFlagsTakenByNpm([...CONFIG_KEYS.map((k) => k.flag), 'env-file'], new Set(CONFIG_KEYS.filter((k) => k.boolean).map((k) => k.flag)), 'conformance');
    if (command.args.length) {
      const [word] = command.args;
      throw new ConfigError(
        argv[0] === 'run'
          ? `run takes no arguments, got '${word}'`
          : `unknown command '${word}'${didYouMean(word, commandNames(), 2)}; the commands are ${commandNames().join(', ')} (run is the default; --help for each)`,
      );
    }
    const flags = Object.fromEntries(CONFIG_KEYS.map((k) => [k.flag, opts[camel(k.flag)] === undefined ? undefined : String(opts[camel(k.flag)])]));
    const config = loadConfig({ flags, envFile: opts.envFile });
    const { run } = await import('./commands/run/run.js');
    status = await run(config, { out, err });
  });

  program
    .command('serve')
    .description('start the reference server in the foreground until SIGINT/SIGTERM')
    .option('--port <n>', 'port on 127.0.0.1 (0: any free port)', '9991')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--env-out <file>', 'write the URL and accounts here in the env format')
    .option('--quirk <name>', 'switch on a named fault (repeatable; --list-quirks names them)', collect)
    .option('--list-quirks', "print the named faults (the suite's self-tests) and what each breaks, then exit")
    .option(
      '--variant',
      'the variant realm: obeys the API document but differs from the Zulip server wherever it may (limits, texts, statuses, ids, orders, extra fields, defaults)',
    )
    .option('--rate-limit <N/S>', "limit each account to N requests per S seconds as a Zulip server does (200/60 is Zulip's default)")
    .option('--extra-members <n>', 'seed N more plain members (written to --env-out as CONFORMANCE_EXTRA_MEMBERS) for a run to spread its work over', '0')
    .option('--extra-admins <n>', 'seed N more administrators (CONFORMANCE_EXTRA_ADMINS), as --extra-members', '0')
    .option('--extra-owners <n>', 'seed N more owners (CONFORMANCE_EXTRA_OWNERS), as --extra-members', '0')
    .option(
      '--feature-level <n>',
      'answer as a Zulip server of this feature level (79-420): newer endpoints unknown, newer parameters ignored, newer fields absent; above 420 it reports the level and behaves as 420',
      '420',
    )
    .option(
      '--no-shortcuts',
      'judge it as any other server: it does not name itself "reference" (so a run uses no seeded data) and cannot age messages (so a run waits out time limits)',
    )
    .option('--no-seed-accounts', 'only the owner has an account, as in a new organisation (`setup` makes the others); --env-out writes the owner only')
    .action(
      async (opts: {
        port: string;
        host: string;
        envOut?: string;
        quirk?: string;
        variant?: boolean;
        listQuirks?: boolean;
        rateLimit?: string;
        extraMembers: string;
        extraAdmins: string;
        extraOwners: string;
        featureLevel: string;
        shortcuts: boolean;
        seedAccounts: boolean;
      }) => {
        if (opts.listQuirks) {
          const { quirkListing } = await import('./commands/serve/reference-server.js');
          for (const line of await quirkListing()) out(line);
          return;
        }
        refuseFlagsTakenByNpm(
          [
            'port',
            'host',
            'env-out',
            'quirk',
            'variant',
            'list-quirks',
            'rate-limit',
            'extra-members',
            'extra-admins',
            'extra-owners',
            'feature-level',
            'no-shortcuts',
            'no-seed-accounts',
          ],
          new Set(['variant', 'list-quirks', 'no-shortcuts', 'no-seed-accounts']),
          'serve',
        );
        const port = Number(opts.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`--port: expected a port number, got "${opts.port}"`);
        const featureLevel = Number(opts.featureLevel);
        if (!/^\d+$/.test(opts.featureLevel)) throw new ConfigError(`--feature-level: expected a feature level (an integer), got "${opts.featureLevel}"`);
        const extras = extraCounts(opts);
        const quirks = opts.quirk ? opts.quirk.split(',') : [];
        const { serve } = await import('./commands/serve/serve.js');
        const envOut = opts.envOut === undefined ? undefined : resolve(invocationDir(), opts.envOut);
        status = await serve(
          {
            port,
            host: opts.host,
            envOut,
            quirks,
            variant: opts.variant,
            rateLimit: opts.rateLimit,
            extras,
            noShortcuts: !opts.shortcuts,
            noSeedAccounts: !opts.seedAccounts,
            featureLevel,
          },
          out,
        );
      },
    );

  program
    .command('setup')
    .description(
      "make the accounts a run needs on the target from its owner's account (reusing those it made before), write them to an env file, then run the preflight on it",
    )
    .requiredOption('--env-out <file>', 'the env file to write (mode 0600): the target and an account per role; an existing one keeps its other lines')
    .option('--env-file <file>', "read the target and the owner's account from this env file (default: .env, when there is one)")
    .option('--target-url <url>', 'the target, if not in the env file or environment')
    .option('--owner-email <email>', "the owner's email, if not in the env file or environment (CONFORMANCE_OWNER_EMAIL)")
    .option(
      '--owner-api-key <key>',
      "the owner's API key, if not in the env file or environment (CONFORMANCE_OWNER_API_KEY, which keeps it out of the shell's history)",
    )
    .option(
      '--email-template <template>',
      "the made accounts' addresses: {name} is the account (admin, ...), {owner-local} and {owner-domain} the parts of the owner's",
      DEFAULT_EMAIL_TEMPLATE,
    )
    .option(
      '--extra-members <n>',
      'also make n more plain members (member-extra-1...), written to CONFORMANCE_EXTRA_MEMBERS: a run spreads the cases of plain members over them, for a server that limits each account; auto: as many as the limit the target states (X-RateLimit-* headers) calls for',
      '0',
    )
    .option('--extra-admins <n>', 'also make n more administrators (admin-extra-1...), written to CONFORMANCE_EXTRA_ADMINS, as --extra-members (auto too)', '0')
    .option('--extra-owners <n>', 'also make n more owners (owner-extra-1...), written to CONFORMANCE_EXTRA_OWNERS, as --extra-members (auto too)', '0')
    .option('--i-understand-this-writes', 'make accounts on a target that is not on this machine')
    .action(
      async (opts: {
        extraMembers: string;
        extraAdmins: string;
        extraOwners: string;
        envOut: string;
        envFile?: string;
        targetUrl?: string;
        ownerEmail?: string;
        ownerApiKey?: string;
        emailTemplate: string;
        iUnderstandThisWrites?: boolean;
      }) => {
        refuseFlagsTakenByNpm(
          [
            'env-out',
            'env-file',
            'target-url',
            'owner-email',
            'owner-api-key',
            'email-template',
            'extra-members',
            'extra-admins',
            'extra-owners',
            'i-understand-this-writes',
          ],
          new Set(['i-understand-this-writes']),
          'cli',
        );
        const flags = { 'target-url': opts.targetUrl, ...(opts.iUnderstandThisWrites ? { 'i-understand-this-writes': 'true' } : {}) };
        const config = loadConfig({ flags, envFile: opts.envFile, roles: ['owner'] });
        const owner = { email: opts.ownerEmail ?? config.accounts.owner?.email, apiKey: opts.ownerApiKey ?? config.accounts.owner?.apiKey };
        if ((opts.ownerEmail !== undefined || opts.ownerApiKey !== undefined) && (!owner.email || !owner.apiKey)) {
          throw new ConfigError(`setup: ${owner.email ? '--owner-api-key' : '--owner-email'} is not set (give both, or neither and the env file)`);
        }
        if (owner.email && owner.apiKey) config.accounts.owner = { email: owner.email, apiKey: owner.apiKey };
        const { setup } = await import('./commands/setup/setup.js');
        const counts = extraCounts(opts, true);
        const extras = Object.fromEntries(POOLS.flatMap((pool) => (counts[pool] === 'auto' ? [] : [[pool, RUN_EXTRAS(pool, counts[pool])]])));
        const extrasFromLimit = POOLS.filter((pool) => counts[pool] === 'auto');
        status = await setup(
          config,
          { envOut: resolve(invocationDir(), opts.envOut), emailTemplate: opts.emailTemplate, extras, extrasFromLimit },
          { out, err },
        );
      },
    );

  program
    .command('cleanup')
    .description('put back what a crashed or interrupted run changed and remove what it created, from its ledger (reports/ledger.jsonl)')
    .requiredOption('--ledger <file>', 'the ledger the run wrote')
    .option('--env-file <file>', 'the target and accounts (as for run)')
    .option('--target-url <url>', 'the target, if not in the env file or environment')
    .action(async (opts: { ledger: string; envFile?: string; targetUrl?: string }) => {
      const config = loadConfig({ flags: { 'target-url': opts.targetUrl }, envFile: opts.envFile });
      if (!config.targetUrl) throw new ConfigError('cleanup: no target (set CONFORMANCE_TARGET_URL, --target-url or --env-file)');
      const ledger = resolve(invocationDir(), opts.ledger);
      if (!existsSync(ledger)) throw new ConfigError(`--ledger ${ledger}: not found`);
      const [{ cleanupLedger, readLedger }, { loadCreatedResources }, { finishLedger, readLedgerFile }] = await Promise.all([
        import('./commands/cleanup/cleanup.js'),
        import('./engine/load/created-resources.js'),
        import('./commands/shared/ledger-file.js'),
      ]);
      // A finished ledger lists nothing left: undoing it again would count what was already gone
      // (an archived channel archives again) as removed.
      if (readLedgerFile(ledger)?.finished) {
        out(`cleanup: nothing to remove: ${ledger} is finished (its run, or an earlier cleanup, removed what it lists)`);
        return;
      }
      const summary = await cleanupLedger(config, config.targetUrl, readLedger(ledger), loadCreatedResources(), out);
      // Everything it lists is gone: the next run into its directory may start a fresh one.
      if (!summary.failed.length) finishLedger(ledger);
      status = summary.failed.length ? 1 : 0;
    });

  program
    .command('validate-response')
    .description("check one recorded answer body against an operation's schemas")
    .requiredOption('--operation <operation>', 'the operation as the API document writes it, e.g. "GET /streams"')
    .requiredOption('--status <n>', 'the HTTP status the body came with')
    .argument('<file>', 'the answer body (JSON)')
    .action(async (file: string, opts: { operation: string; status: string }) => {
      const { validateResponseCommand } = await import('./commands/validate-response.js');
      status = validateResponseCommand(opts.operation, opts.status, file, out);
    });

  program
    .command('compare')
    .description('what changed between two conformance.json files: per case, operation and feature level')
    .argument('<a>', 'the earlier (or reference) conformance.json')
    .argument('<b>', 'the later (or other) conformance.json')
    .option('--format <format>', 'text, md or html', 'text')
    .option('--out <file>', 'write the comparison here instead of stdout')
    .option('--fail-on-regression', 'exit 1 when a case passing in A fails in B')
    .action(async (a: string, b: string, opts: { format: string; out?: string; failOnRegression?: boolean }) => {
      const { compare } = await import('./commands/reports/compare.js');
      status = compare(a, b, opts, { out, err });
    });

  program
    .command('merge')
    .description('join the conformance.json files of a sharded run (--shard i/n) into one report set')
    .argument('<reports...>', 'conformance.json of each shard')
    .requiredOption('--out <dir>', 'directory for the merged conformance.json, .html, .md and junit.xml')
    .option('--baseline <file>', 'judge the merged run against this conformance.json')
    .option('--fail-on-skip', 'exit 1 when cases were skipped for missing configuration (as run --fail-on-skip)')
    .action(async (reports: string[], opts: { out: string; baseline?: string; failOnSkip?: boolean }) => {
      const { merge } = await import('./commands/reports/merge.js');
      status = merge(reports, opts, { out, err });
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return status;
  } catch (error) {
    return await exitStatusOf(error, err);
  }
}
