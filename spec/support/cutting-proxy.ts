// A loopback HTTP proxy in front of a service that can drop a client's connection on purpose, for
// the tests of retries after a network failure: the request reaches the service whole, the service
// runs it, and the client sees only a connection that closed without an answer.
import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** When the proxy drops the client: once the service has answered (not passed on), or `ms` after sending the request on. */
export type Cut = { after: 'answer' } | { after: 'ms'; ms: number };

/** What passed through: each request's path, and the service's status and Idempotent-Replayed header. */
export interface Passed {
  path: string;
  status: number;
  replayed: boolean;
  cut: boolean;
}

/** A proxy on a random loopback port. */
export interface CuttingProxy {
  readonly url: string;
  readonly passed: Passed[];
  /** Drops the client of the next request `pick` chooses, at `cut`. */
  cutNext(pick: (request: IncomingMessage) => boolean, cut: Cut): void;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (an http://host:port origin). */
export async function cuttingProxy(target: string): Promise<CuttingProxy> {
  const passed: Passed[] = [];
  let armed: { pick: (request: IncomingMessage) => boolean; cut: Cut } | undefined;
  const server: Server = createServer((request, response) => {
    const cut = armed?.pick(request) ? armed.cut : undefined;
    if (cut) armed = undefined;
    const drop = (): void => void request.socket.destroy();
    const upstream = forward(`${target}${request.url ?? '/'}`, { method: request.method, headers: request.headers }, (answer) => {
      const entry = { path: request.url ?? '', status: answer.statusCode ?? 0, replayed: answer.headers['idempotent-replayed'] === 'true', cut: cut !== undefined };
      if (!cut) {
        passed.push(entry);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      // The service answered; the client never hears it.
      answer.resume();
      answer.on('end', () => {
        passed.push(entry);
        if (cut.after === 'answer') drop();
      });
    });
    upstream.on('error', () => drop());
    request.pipe(upstream);
    if (cut?.after === 'ms') request.on('end', () => setTimeout(drop, cut.ms));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    passed,
    cutNext(pick, cut) {
      armed = { pick, cut };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
