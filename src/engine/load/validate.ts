// Validates data files (spec files, the clause catalog) against their meta-schemas and turns
// ajv's first error into a SpecError naming file, line and field.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { compileOnce } from '../../common/ajv.js';
import { readFileSync } from 'node:fs';
import { projectPath } from '../../common/paths.js';
import { SpecError, pointerToField, type YamlSource } from './yaml-source.js';

const cache = new Map<string, ValidateFunction>();

function validatorFor(schemaFile: string): ValidateFunction {
  let validate = cache.get(schemaFile);
  if (!validate) {
    validate = compileOnce(JSON.parse(readFileSync(projectPath('schemas', schemaFile), 'utf8')) as { $id?: string });
    cache.set(schemaFile, validate);
  }
  return validate;
}

export function describeError(error: ErrorObject): { pointer: string; problem: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    return { pointer: `${error.instancePath}/${String(params.missingProperty)}`, problem: 'is required' };
  }
  if (error.keyword === 'additionalProperties') {
    return { pointer: `${error.instancePath}/${String(params.additionalProperty)}`, problem: 'is not a known field' };
  }
  if (error.keyword === 'enum') {
    return { pointer: error.instancePath, problem: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
  }
  return { pointer: error.instancePath, problem: error.message ?? error.keyword };
}

export function validateSource(source: YamlSource, schemaFile: string): void {
  const validate = validatorFor(schemaFile);
  if (validate(source.data)) return;
  const { pointer, problem } = describeError(validate.errors![0]);
  const line = source.lineOf(error0Pointer(pointer, problem));
  throw new SpecError(source.file, line, pointerToField(pointer) || '(document)', problem);
}

// A missing field has no line of its own: point at the object that lacks it.
function error0Pointer(pointer: string, problem: string): string {
  return problem === 'is required' ? pointer.split('/').slice(0, -1).join('/') : pointer;
}
