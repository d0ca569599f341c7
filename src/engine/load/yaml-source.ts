// Parses YAML keeping positions, so an error can name the file, line and field.
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';

export class SpecError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly field: string,
    problem: string,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${field ? `${field}: ` : ''}${problem}`);
  }
}

export interface YamlSource {
  file: string;
  data: unknown;
  /** Line of the node at a JSON pointer (or of its nearest existing parent). */
  lineOf(pointer: string): number | null;
}

export function parseYaml(file: string, text: string): YamlSource {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: true });
  const first = doc.errors[0];
  if (first) {
    const line = first.linePos?.[0]?.line ?? null;
    throw new SpecError(file, line, '', `YAML syntax: ${first.message.split('\n')[0]}`);
  }
  return {
    file,
    data: doc.toJS(),
    lineOf(pointer) {
      const path = pointer
        .split('/')
        .slice(1)
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
      for (let n = path.length; n >= 0; n -= 1) {
        const node = doc.getIn(
          path.slice(0, n).map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
          true,
        );
        if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
      }
      return null;
    },
  };
}

/** "/cases/3/steps/0/request" -> "cases[3].steps[0].request" */
export function pointerToField(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');
}
