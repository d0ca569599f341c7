// The suite's version, from package.json: printed by --version, in every report and run header.
import { readFileSync } from 'node:fs';
import { projectPath } from './paths.js';

export const TOOL_VERSION = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;
