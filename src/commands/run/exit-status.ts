// How the command line ends on an error: a mistake of the user (usage, configuration, spec file,
// preflight, a port in use) is one line and exit 2; anything else is the suite's own bug, exit 3,
// distinct from 1 (a case failed), with a line asking to report it and the details to attach.
import { CommanderError } from 'commander';
import { ConfigError } from '../../common/vocabulary.js';

export const EXIT = { ok: 0, failed: 1, usage: 2, internal: 3 } as const;

export async function exitStatusOf(error: unknown, err: (line: string) => void): Promise<number> {
  // Commander has printed its own line (unknown option, missing argument) or the help.
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  // Their modules load the YAML and HTTP libraries: imported on an error, not before every command.
  const [{ SpecError }, { PreflightError }] = await Promise.all([import('../../engine/load/yaml-source.js'), import('./preflight.js')]);
  if (error instanceof ConfigError || error instanceof SpecError || error instanceof PreflightError) {
    err(`teamchat-conformance: ${error.message}`);
    return EXIT.usage;
  }
  if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    err(`teamchat-conformance: ${(error as Error).message}`);
    return EXIT.usage;
  }
  return internalError(error, err);
}

export function internalError(error: unknown, err: (line: string) => void): number {
  const message = error instanceof Error ? error.message : String(error);
  err(
    `teamchat-conformance: internal error: ${message} (a bug in the suite, not in your server: please report it with the command line and the details below)`,
  );
  if (error instanceof Error && error.stack) err(`details: ${error.stack}`);
  return EXIT.internal;
}
