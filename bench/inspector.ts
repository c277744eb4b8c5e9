// A minimal client of a Node process's inspector (started with --inspect=127.0.0.1:0), for the
// soak: it asks the server for a full garbage collection before a measurement, so figures taken
// at different points of V8's collection cycle compare.
import { WebSocket } from 'undici';

/** How long one inspector command may take. */
const COMMAND_CAP_MS = 60_000;

/** One connection to an inspector, sending Chrome DevTools Protocol commands. */
export class Inspector {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const call = message.id === undefined ? undefined : this.waiting.get(message.id);
      if (!call) return;
      this.waiting.delete(message.id!);
      if (message.error) call.reject(new Error(message.error.message));
      else call.resolve(message.result);
    });
    socket.addEventListener('close', () => {
      for (const call of this.waiting.values()) call.reject(new Error('the inspector connection closed'));
      this.waiting.clear();
    });
  }

  /** Connects to `url` (the `ws://127.0.0.1:PORT/UUID` Node prints as "Debugger listening on ..."). */
  static connect(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    return new Promise((resolve, reject) => {
      socket.addEventListener('open', () => resolve(new Inspector(socket)), { once: true });
      socket.addEventListener('error', () => reject(new Error(`could not connect to the inspector at ${url}`)), { once: true });
    });
  }

  /** Sends one command and resolves with its result. */
  send(method: string, params: object = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method} took more than ${COMMAND_CAP_MS / 1000} s`)), COMMAND_CAP_MS);
      this.waiting.set(id, {
        resolve: (result) => (clearTimeout(timer), resolve(result)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** A full, compacting collection of everything unreachable. */
  async collectGarbage(): Promise<void> {
    await this.send('HeapProfiler.collectGarbage');
  }

  /** Closes the connection: a Node process with an inspector client attached waits for it to go before it exits. */
  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.addEventListener('close', () => resolve(), { once: true });
      this.socket.close();
    });
  }
}
