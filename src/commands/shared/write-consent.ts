// A run writes to its target (channels, messages, groups, settings it later restores). Against
// a server that is not on this machine, that needs the user's explicit consent.
import { isIP } from 'node:net';
import { type Config } from '../../config/config.js';
import { viaAction } from '../../common/audience.js';
import { ConfigError } from '../../common/vocabulary.js';

export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

export function requireWriteConsent(config: Config, env: Record<string, string | undefined> = process.env): void {
  if (config.targetUrl === null || config.allowWrites || isLoopback(config.targetUrl)) return;
  throw new ConfigError(
    `${config.targetUrl} is not on this machine and the run writes to it (channels, messages, user groups, folders, ` +
      `snippets, views; settings it changes are restored): ${viaAction(env) ? "set the action's input i-understand-this-writes: true" : 'pass --i-understand-this-writes (or CONFORMANCE_I_UNDERSTAND_THIS_WRITES=1)'} ` +
      'to go ahead',
  );
}
