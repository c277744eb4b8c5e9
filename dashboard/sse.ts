// Server-Sent Events read from a fetch() body: EventSource cannot send an Authorization header.

/** One message of an event stream. */
export interface SseMessage {
  event: string;
  id: string | null;
  data: string;
}

/**
 * Splits the text of an event stream into messages as it arrives, by the WHATWG rules: fields
 * `event`, `data` (joined by newlines), `id`; comment lines (`: heartbeat`) ignored; a message
 * ends at a blank line; CRLF, CR and LF all end lines.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | null = null;
  /** The last id seen, to resume from with Last-Event-ID. */
  lastId: string | null = null;

  /** Feeds a chunk and returns the messages it completed. */
  push(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const messages: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A lone CR at the end may be the first half of a CRLF: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const message = this.line(line);
      if (message) messages.push(message);
    }
    return messages;
  }

  private line(line: string): SseMessage | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return null;
      }
      const message = { event: this.event || 'message', id: this.id, data: this.data.join('\n') };
      this.event = '';
      this.data = [];
      return message;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = this.lastId = value;
    return null;
  }
}

/** Reads `response`'s body as an event stream, calling `onMessage` for each message until it ends. */
export async function readEvents(response: Response, parser: SseParser, onMessage: (message: SseMessage) => void): Promise<void> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    for (const message of parser.push(value)) onMessage(message);
  }
}
