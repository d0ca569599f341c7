// A small XML 1.0 well-formedness check (no dependency): tags nest and close, attributes are
// quoted and unique, entities are known, nothing but whitespace outside the root. Returns the
// elements with their attributes, in document order, for the tests to count.
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  depth: number;
  text: string;
}

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
    e === 'amp'
      ? '&'
      : e === 'lt'
        ? '<'
        : e === 'gt'
          ? '>'
          : e === 'quot'
            ? '"'
            : e === 'apos'
              ? "'"
              : String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
  );
}

function checkText(text: string, where: number): void {
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '<') throw new Error(`raw < at ${where + i}`);
    if (text[i] === '&') {
      ENTITY.lastIndex = i;
      if (!ENTITY.test(text)) throw new Error(`bad entity at ${where + i}: ${text.slice(i, i + 10)}`);
    }
  }
}

export function parseXml(xml: string): XmlElement[] {
  const elements: XmlElement[] = [];
  const stack: XmlElement[] = [];
  let i = 0;
  let rootClosed = false;
  if (xml.startsWith('<?xml')) i = xml.indexOf('?>') + 2;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    checkText(text, i);
    if (stack.length) stack.at(-1)!.text += decode(text);
    else if (text.trim()) throw new Error(`text outside the root at ${i}`);
    if (lt === -1) break;
    const gt = xml.indexOf('>', lt);
    if (gt === -1) throw new Error(`unclosed tag at ${lt}`);
    const tag = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('/')) {
      const open = stack.pop();
      if (!open || open.name !== tag.slice(1).trim()) throw new Error(`</${tag.slice(1)}> closes <${open?.name}> at ${lt}`);
      if (!stack.length) rootClosed = true;
      continue;
    }
    const m = /^([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)$/.exec(tag);
    if (!m) throw new Error(`malformed tag <${tag.slice(0, 60)}> at ${lt}`);
    if (rootClosed || (!stack.length && elements.length)) throw new Error(`second root element at ${lt}`);
    const attrs: Record<string, string> = {};
    for (const [, name, value] of m[2].matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) {
      if (name in attrs) throw new Error(`duplicate attribute ${name} at ${lt}`);
      checkText(value, lt);
      attrs[name] = decode(value);
    }
    const element = { name: m[1], attrs, depth: stack.length, text: '' };
    elements.push(element);
    if (m[3]) {
      if (!stack.length) rootClosed = true;
    } else {
      stack.push(element);
    }
  }
  if (stack.length) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  return elements;
}
