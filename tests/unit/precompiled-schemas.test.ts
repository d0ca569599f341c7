// The build's standalone validators (dist/schemas/validators.cjs) judge exactly as the validators
// compiled at run time: the same verdicts and the same errors, for every schema of schemas/.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadValidators, writePrecompiledValidators } from '../../src/engine/judge/precompiled-schemas.js';
import { schemaRegistry } from '../../src/engine/judge/schemas.js';
import { SCHEMA_BASE } from '../../src/engine/load/schema-files.js';
import { compileOnce } from '../../src/common/ajv.js';
import { projectPath } from '../../src/common/paths.js';

// Inside the project, so the generated code's require("ajv/...") finds node_modules.
const dir = projectPath('.tmp', `precompiled-${process.pid}`);
mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const names = readdirSync(projectPath('schemas'))
  .filter((n) => n.endsWith('.schema.json'))
  .map((n) => n.replace('.schema.json', ''));
const SAMPLES: unknown[] = [
  {},
  [],
  null,
  'text',
  { result: 'success', msg: '' },
  { result: 'error', msg: 'no', code: 'BAD_REQUEST' },
  { result: 'success', msg: '', streams: [{ stream_id: 'one', name: 2, is_archived: false }], topics: [{ name: 'a', max_id: -1 }] },
  { result: 'success', msg: '', message_history: [{ topic: 't', content: 'c', rendered_content: '<p>c</p>', timestamp: 1.5, user_id: 1 }] },
];

describe('precompiled validators', () => {
  const file = join(dir, 'validators.cjs');
  const count = writePrecompiledValidators(file);
  const precompiled = loadValidators(file);

  it('exist for every schema of schemas/', () => {
    expect(count).toBe(names.length);
    expect(Object.keys(precompiled).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s: the same verdict and errors as at run time', (name) => {
    const schema = JSON.parse(readFileSync(projectPath('schemas', `${name}.schema.json`), 'utf8'));
    const atRunTime = schemaRegistry().getSchema(`${SCHEMA_BASE}${name}.schema.json`) ?? compileOnce(schema);
    for (const sample of SAMPLES) {
      const verdict = precompiled[name](sample);
      expect(verdict).toBe(atRunTime(sample));
      expect(precompiled[name].errors ?? null).toEqual(atRunTime.errors ?? null);
    }
  });
});
