// The strict citation rules (src/engine/citations.ts), file by file while the specs are brought
// to them: in every listed file, each judged step of a multi-clause case says which clause it
// checks, and each cited clause is enforced by some check. When every file is listed, the loader
// enforces it for all (STRICTNESS.attribution) and this list goes.
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../src/engine/load.js';
import { citationProblems } from '../../src/engine/citations.js';

const STRICT_FILES: string[] = [
  'add-navigation-view.yaml',
  'conventions.yaml',
  'create-channel-folder.yaml',
  'delete-topic.yaml',
  'edit-message-seeded.yaml',
  'edit-message-settings.yaml',
  'edit-message.yaml',
  'edit-saved-snippet.yaml',
  // 'get-channels.yaml',
  'get-message-history-disabled.yaml',
  'get-message-history.yaml',
  'get-topics.yaml',
  'mark-topic-as-read.yaml',
  'set-typing-status.yaml',
  'test-push-notification.yaml',
  'update-channel-folder.yaml',
  // 'update-channel.yaml',
  'update-realm-user-defaults.yaml',
  'update-settings.yaml',
  'update-status.yaml',
  'update-user-by-email.yaml',
  'update-user-group-members.yaml',
  'update-user-group.yaml',
  'update-user-topic.yaml',
  'update-user.yaml',
  'update-settings-display.yaml',
  'update-settings-notifications.yaml',
  'update-settings-events.yaml',
  'test-push-notification-events.yaml',
];

const suite = loadSuite();
const clauses = new Set(suite.clauses.map((c) => c.id));
const facts = new Set(suite.facts.map((f) => f.id));

describe('strict citations', () => {
  it('lists only spec files that exist', () => {
    expect(STRICT_FILES.filter((name) => !suite.specs.some((s) => s.file.endsWith(name)))).toEqual([]);
  });

  it.each(STRICT_FILES)('%s: every check names its clause, every cited clause is checked', (name) => {
    const spec = suite.specs.find((s) => s.file.endsWith(`/${name}`) || s.file === name);
    expect(spec, `no spec file ${name}`).toBeDefined();
    const problems = spec!.cases.flatMap((c) => citationProblems(c, clauses, facts, { facts: true, attribution: true }).map((p) => `${c.id} ${p.at}: ${p.message}`));
    expect(problems).toEqual([]);
  });
});
