// The reference server's named faults, as the command line knows them: checked before the server
// starts (its own check throws a plain Error, which would read as an internal error), and listed
// in --help of `run` and `serve`.
import { QUIRKS } from './reference/quirks.js';
import { didYouMean } from './suggest.js';

export const QUIRK_NAMES: readonly string[] = Object.keys(QUIRKS).sort();

export class UnknownQuirkError extends Error {}

/** Throws naming the first unknown name and the closest known one. */
export function checkQuirkNames(names: readonly string[], flag: string): void {
  const unknown = names.find((name) => !Object.hasOwn(QUIRKS, name));
  if (unknown !== undefined) {
    throw new UnknownQuirkError(
      `${flag}: unknown quirk "${unknown}"${didYouMean(unknown, QUIRK_NAMES)}; \`--help\` lists the ${QUIRK_NAMES.length} known names`,
    );
  }
}

/** The known names, wrapped, for the end of a command's --help. */
export function knownQuirksHelp(flag: string, width = 100): string {
  const lines: string[] = [];
  let line = ' ';
  for (const name of QUIRK_NAMES) {
    if (line.length + name.length + 2 > width) {
      lines.push(line.trimEnd());
      line = ' ';
    }
    line += ` ${name},`;
  }
  lines.push(line.replace(/,$/, ''));
  return `\nReference server quirks (${flag} NAME, for the suite's self-tests; each breaks the API document in one place, described in src/reference/quirks.ts):\n${lines.join('\n')}`;
}
