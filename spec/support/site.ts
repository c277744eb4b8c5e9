import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A route of the local test site: a status, headers and a body, or a handler. */
export type Route =
  | { status?: number; type?: string; body: string; delayMs?: number }
  | ((req: IncomingMessage, res: ServerResponse) => void);

/** A local HTTP site on a random loopback port, for tests and benchmarks; never the internet. */
export class TestSite {
  readonly hits = new Map<string, number>();
  private readonly routes = new Map<string, Route>();
  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  /** Starts a site on 127.0.0.1 with the given routes (path → route). */
  static async start(routes: Record<string, Route> = {}): Promise<TestSite> {
    const holder: { site?: TestSite } = {};
    const server = createServer((req, res) => holder.site?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const site = (holder.site = new TestSite(server, `http://127.0.0.1:${port}`));
    for (const [path, route] of Object.entries(routes)) site.route(path, route);
    return site;
  }

  /** Adds or replaces a route. */
  route(path: string, route: Route): void {
    this.routes.set(path, route);
  }

  /** The absolute URL of `path` on this site. */
  url(path: string): string {
    return `${this.origin}${path}`;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', this.origin).pathname;
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    const route = this.routes.get(path);
    if (!route) {
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<title>Not found</title><h1>Not found</h1>');
      return;
    }
    if (typeof route === 'function') {
      route(req, res);
      return;
    }
    const send = (): void => {
      res.writeHead(route.status ?? 200, { 'Content-Type': route.type ?? 'text/html; charset=utf-8' }).end(route.body);
    };
    if (route.delayMs) setTimeout(send, route.delayMs);
    else send();
  }

  /** Stops the site, cutting any connection still open. */
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A small HTML page. */
export const html = (title: string, body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
