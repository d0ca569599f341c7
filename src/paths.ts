// Where the project's data lives, whatever the working directory of the command.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export function projectPath(...parts: string[]): string {
  return join(PROJECT_ROOT, ...parts);
}
