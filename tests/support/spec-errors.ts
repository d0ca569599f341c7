// The SpecError a loader throws for bad input, for the tests that read its file, line and field.
import { SpecError } from '../../src/engine/load/yaml-source.js';

/** The SpecError `load` throws; any other error is thrown on, and no error at all fails the test. */
export function specErrorOf(load: () => unknown): SpecError {
  try {
    load();
  } catch (error) {
    if (error instanceof SpecError) return error;
    throw error;
  }
  throw new Error('expected a SpecError');
}
