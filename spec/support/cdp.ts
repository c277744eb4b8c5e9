// A raw CDP client over a WebSocket, for the specs that speak the protocol as a hostile client
// would: any method, any session, every event kept.
import WebSocket from 'ws';

export interface CdpReply {
  id: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  sessionId?: string;
}

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

/** What an upgrade that was refused answered. */
export interface Refused {
  status: number;
  body: { error: { code: string; message: string } };
}

export class RawCdp {
  readonly events: CdpEvent[] = [];
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: CdpReply) => void>();
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(Buffer.from(data as Buffer).toString()) as CdpReply & CdpEvent;
      if (message.id !== undefined) this.waiting.get(message.id)?.(message);
      else this.events.push(message);
    });
    this.closed = new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Connects to `url`, or rejects with what a refused upgrade answered. */
  static connect(url: string, headers: Record<string, string> = {}): Promise<RawCdp> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      socket.once('open', () => resolve(new RawCdp(socket)));
      socket.once('unexpected-response', (_request, response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => reject(Object.assign(new Error(`refused ${response.statusCode}`), { status: response.statusCode, body: JSON.parse(text || '{}') as Refused['body'] })));
      });
      socket.once('error', reject);
    });
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<CdpReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  /** The result of `method`, or throws its CDP error. */
  async call(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const reply = await this.send(method, params, sessionId);
    if (reply.error) throw new Error(reply.error.message);
    return reply.result ?? {};
  }

  close(): void {
    this.socket.close();
  }
}

/** What connecting to `url` was refused with. */
export async function refusedConnect(url: string, headers: Record<string, string> = {}): Promise<Refused> {
  try {
    const cdp = await RawCdp.connect(url, headers);
    cdp.close();
  } catch (error) {
    const { status, body } = error as Partial<Refused>;
    if (status !== undefined && body) return { status, body };
    throw error;
  }
  throw new Error(`${url} connected`);
}
