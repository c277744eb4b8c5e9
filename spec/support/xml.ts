// A small XML reader for tests: enough to prove a generated SVG is well-formed and to read its
// elements and attributes, without a DOM in Node.

/** One element: its name, attributes and children, in document order. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Its own text, entities decoded. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string, where: string): string {
  return text.replace(/&([^;\s]*);?/g, (match, name: string) => {
    if (!match.endsWith(';')) throw new Error(`bare '&' in ${where}`);
    if (name in ENTITIES) return ENTITIES[name]!;
    if (/^#\d+$/.test(name)) return String.fromCodePoint(Number(name.slice(1)));
    if (/^#x[0-9a-f]+$/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
    throw new Error(`unknown entity '${match}' in ${where}`);
  });
}

/** Parses a whole document with one root element; throws on anything not well-formed. */
export function parseXml(source: string): XmlElement {
  const tokens = source.replace(/^<\?xml[^>]*\?>/, '').split(/(<[^<>]*>)/);
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  for (const token of tokens) {
    if (!token.startsWith('<')) {
      if (token.includes('<')) throw new Error(`stray '<' in text '${token}'`);
      const text = decode(token, 'text');
      if (stack.length) stack[stack.length - 1]!.text += text;
      else if (text.trim()) throw new Error(`text outside the root element: '${token.trim()}'`);
      continue;
    }
    const close = /^<\/([\w:-]+)\s*>$/.exec(token);
    if (close) {
      const open = stack.pop();
      if (open?.name !== close[1]) throw new Error(`</${close[1]}> closes <${open?.name ?? 'nothing'}>`);
      continue;
    }
    const tag = /^<([\w:-]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>$/.exec(token);
    if (!tag) throw new Error(`malformed tag ${token}`);
    const attributes: Record<string, string> = {};
    for (const [, name, value] of tag[2]!.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      if (name! in attributes) throw new Error(`attribute ${name} twice in ${token}`);
      attributes[name!] = decode(value!, `attribute ${name}`);
    }
    const element: XmlElement = { name: tag[1]!, attributes, children: [], text: '' };
    if (stack.length) stack[stack.length - 1]!.children.push(element);
    else if (root) throw new Error('a second root element');
    else root = element;
    if (!tag[3]) stack.push(element);
  }
  if (stack.length) throw new Error(`<${stack[stack.length - 1]!.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** Every element below `element` (itself included), depth first. */
export function allElements(element: XmlElement): XmlElement[] {
  return [element, ...element.children.flatMap(allElements)];
}
