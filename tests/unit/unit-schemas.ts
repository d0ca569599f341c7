// Schemas of the unit tests' own, registered beside schemas/ in the engine's registry, so the
// tests of the schema glue do not move when the project's schemas change.
import { SCHEMA_BASE, schemaRegistry } from '../../src/engine/schemas.js';

/** Registers the schema as "<name>" (once per worker) and returns the name for expect.schema. */
export function unitSchema(name: string, schema: Record<string, unknown>): string {
  const id = `${SCHEMA_BASE}${name}.schema.json`;
  const registry = schemaRegistry();
  if (!registry.getSchema(id)) registry.addSchema({ $id: id, ...schema });
  return name;
}
