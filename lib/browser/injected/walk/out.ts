// The markdown output buffer: inline text flows into the current line, block boundaries end it,
// and each emitted line gets the prefixes of the list items and quotes it sits in.

/** A prefix level: a list item (`- ` then indentation) or a quote (`> `). */
interface Frame {
  first: string;
  rest: string;
  used: boolean;
  /** Items keep their lines tight: no blank lines inside or between them. */
  item: boolean;
}

/** An inline wrapper waiting for its content: link, emphasis, code. */
interface Wrap {
  start: number;
  open: string;
  close: string;
  /** Set once it wrapped a line: a wrapper split by blocks wraps only its first piece. */
  done: boolean;
}

/** Accumulates markdown lines; `single` mode (headings, table cells) turns boundaries into spaces. */
export class Out {
  private readonly lines: string[] = [];
  private cur = '';
  private readonly frames: Frame[] = [];
  private readonly wraps: Wrap[] = [];
  /** Depth at which a blank line was asked for (the shallowest request wins), -1 for none. */
  private blankAt = -1;
  private heading = '';
  private header: string | null = null;
  private single = 0;

  constructor(single = false) {
    if (single) this.single = 1;
  }

  /** Inline text; whitespace collapsed against what is already on the line. */
  text(raw: string): void {
    let text = raw.replace(/\s+/g, ' ');
    if (text.charCodeAt(0) === 32 && (this.cur === '' || this.cur.charCodeAt(this.cur.length - 1) === 32)) text = text.slice(1);
    this.cur += text;
  }

  /** An atomic inline piece (an image, a marker), spaced like a word. */
  atom(text: string): void {
    this.cur += text;
  }

  /** A separating space, unless the line is empty or already ends in one. */
  space(): void {
    if (this.cur !== '' && this.cur.charCodeAt(this.cur.length - 1) !== 32) this.cur += ' ';
  }

  /** Starts an inline wrapper (`[` … `](url)`, `**` … `**`). */
  open(open: string, close: string): void {
    this.wraps.push({ start: this.cur.length, open, close, done: false });
  }

  /** Ends the innermost wrapper, wrapping its trimmed content (nothing when it is empty). */
  close(): void {
    const wrap = this.wraps.pop();
    if (wrap) this.apply(wrap);
  }

  private apply(wrap: Wrap): void {
    if (wrap.done) return;
    const inner = this.cur.slice(wrap.start);
    const text = inner.trim();
    if (!text) return;
    wrap.done = true;
    const lead = inner.charCodeAt(0) === 32 ? ' ' : '';
    const trail = inner.charCodeAt(inner.length - 1) === 32 ? ' ' : '';
    this.cur = `${this.cur.slice(0, wrap.start)}${lead}${wrap.open}${text}${wrap.close}${trail}`;
  }

  /** A block boundary: ends the line and asks for a blank line before the next one. */
  block(): void {
    if (this.single) return this.space();
    this.flush();
    if (this.lines.length === 0) return;
    const depth = this.frames.length;
    this.blankAt = this.blankAt < 0 ? depth : Math.min(this.blankAt, depth);
  }

  /** A line break (`<br>`): ends the line without a blank one. */
  lineBreak(): void {
    if (this.single) return this.space();
    this.flush();
  }

  /** Enters single-line mode (a heading's content). */
  enterSingle(): void {
    this.single++;
  }

  leaveSingle(): void {
    this.single--;
  }

  /** The next emitted line is a heading of this level. */
  setHeading(level: number): void {
    this.heading = `${'#'.repeat(level)} `;
  }

  /** A region header (full mode), written before the region's first line; replaced if the region stays empty. */
  setHeader(header: string): void {
    this.flush();
    this.header = header;
  }

  /** Enters a list item (`- `, `3. `) or quote (`> `) level. */
  push(first: string, rest: string, item: boolean): void {
    this.flush();
    this.frames.push({ first, rest, used: false, item });
  }

  pop(): void {
    this.flush();
    this.frames.pop();
  }

  /** Ends the current line, emitting it if it holds anything (in single-line mode the line goes on). */
  flush(): void {
    if (this.single) return;
    for (let i = this.wraps.length - 1; i >= 0; i--) this.apply(this.wraps[i]!);
    for (const wrap of this.wraps) wrap.start = 0;
    const text = this.cur.trim();
    const heading = this.heading;
    this.cur = '';
    this.heading = '';
    if (text) this.emit(heading + text);
  }

  /** Lines written as they are (a code block), with the current prefixes; blank runs kept to one. */
  verbatim(lines: string[]): void {
    if (this.single) return this.text(` ${lines.join(' ')} `);
    this.flush();
    let blank = false;
    lines.forEach((line, i) => {
      const content = line.trimEnd();
      if (!content && blank) return;
      blank = !content;
      if (i === 0) this.emit(content);
      else this.lines.push((this.prefix() + content).trimEnd());
    });
  }

  private prefix(): string {
    let prefix = '';
    for (const frame of this.frames) prefix += frame.used ? frame.rest : frame.first;
    return prefix;
  }

  private emit(content: string): void {
    if (this.header !== null) {
      if (this.lines.length) this.lines.push('');
      this.lines.push(this.header, '');
      this.header = null;
      this.blankAt = -1;
    } else if (this.blankAt >= 0) {
      const within = this.frames.slice(0, this.blankAt);
      if (!within.some((frame) => frame.item)) this.lines.push(within.map((frame) => frame.rest).join('').trimEnd());
      this.blankAt = -1;
    }
    this.lines.push((this.prefix() + content).trimEnd());
    for (const frame of this.frames) frame.used = true;
  }

  /** The current line's text (single-line use: a table cell). */
  line(): string {
    for (let i = this.wraps.length - 1; i >= 0; i--) this.apply(this.wraps[i]!);
    return this.cur.trim();
  }

  /** Everything written, as markdown. */
  result(): string {
    this.flush();
    return this.lines.join('\n').trim();
  }
}
