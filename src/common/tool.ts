// The tool's name and version, as package.json gives them (reports and --version show them).
import { readFileSync } from 'node:fs';
import { projectPath } from './paths.js';

export const TOOL = {
  name: 'teamchat-conformance',
  version: (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version,
};
