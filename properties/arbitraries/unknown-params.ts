// Parameter names no operation of the API document supports: a fixed prefix keeps them clear
// of real names, the rest varies in length and characters.
import fc from 'fast-check';

export const unknownParamName = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/).map((rest) => `zz_${rest}`);

export const unknownParams = fc.uniqueArray(unknownParamName, { minLength: 0, maxLength: 4 });
