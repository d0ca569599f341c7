// Schemas of the unit tests' own, registered beside schemas/ in the engine's registry, so the
// tests of the schema glue do not move when the project's schemas change.
import { schemaRegistry } from '../../src/engine/judge/schemas.js';
import { SCHEMA_BASE } from '../../src/engine/load/schema-files.js';

/** Registers the schema as "<name>" (once per worker) and returns the name for expect.schema. */
export function unitSchema(name: string, schema: Record<string, unknown>): string {
  const id = `${SCHEMA_BASE}${name}.schema.json`;
  const registry = schemaRegistry();
  if (!registry.getSchema(id)) registry.addSchema({ $id: id, ...schema });
  return name;
}
