// MCP over Streamable HTTP (POST/GET/DELETE /mcp on the server): one SDK transport and one
// tabwrightMcp per MCP session (the Mcp-Session-Id header), each bound to the API key that opened
// it. Its tools reach the REST API over loopback with that key, so sessions, plan limits, credits
// and idempotency hold exactly as for REST; only the rate limit is counted once, on /mcp itself.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { LRUCache } from 'lru-cache';
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Tabwright } from '../client/index.js';
import { tabwrightMcp, type TabwrightMcp } from './server.js';

/** The header that marks a tool's own REST request, so the rate limit does not count it twice. */
export const INTERNAL_HEADER = 'x-tabwright-mcp';
/** An MCP session nobody has used for this long is closed, and its default session with it. */
export const MCP_IDLE_MS = 30 * 60_000;
/** Open MCP sessions per key; opening one more closes the key's least recently used. */
export const MCP_SESSIONS_PER_KEY = 16;

/** A placeholder origin for the client: each request goes where the MCP session's latest request arrived. */
const ORIGIN = 'http://tabwright.invalid';

/** Who is calling: the key the auth middleware found, its bearer token, and where this server answers. */
export interface McpCaller {
  keyId: string;
  token: string;
  baseUrl: string;
}

/** Why a request cannot reach an MCP session; the route turns it into the contract's error. */
export type McpRefusal = { kind: 'unknown_session'; sessionId: string } | { kind: 'not_initialized' };

interface Connection {
  /** Where the latest request of this MCP session arrived: its tools call the API there. */
  baseUrl: string;
  transport: StreamableHTTPServerTransport;
  mcp: TabwrightMcp;
  closing?: Promise<void>;
}

const closeConnection = (connection: Connection): Promise<void> => (connection.closing ??= connection.mcp.close().catch(() => undefined));

/** Every MCP session this process holds, per key. */
export class McpConnections {
  /** Proves a request to the REST API came from a tool of this process. */
  readonly internalToken = randomBytes(24).toString('base64url');
  private readonly byKey = new Map<string, LRUCache<string, Connection>>();

  /** `node`: this node's NODE_ID, which starts every Mcp-Session-Id it makes (`<node>_<uuid>`), so nginx routes an MCP session's requests to the node holding it. */
  constructor(
    private readonly version: string,
    private readonly node?: string,
  ) {}

  /** True when `header` is this process's internal token. */
  isInternal(header: string | undefined): boolean {
    return header === this.internalToken;
  }

  /**
   * Serves one HTTP request of the MCP transport. `body` is the parsed JSON of a POST. Answers
   * a refusal (no response written) when the request names no MCP session of this key.
   */
  async handle(request: IncomingMessage, response: ServerResponse, body: unknown, caller: McpCaller): Promise<McpRefusal | undefined> {
    const header = request.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    if (sessionId !== undefined) {
      const connection = this.byKey.get(caller.keyId)?.get(sessionId);
      if (!connection || connection.closing) return { kind: 'unknown_session', sessionId };
      connection.baseUrl = caller.baseUrl;
      await connection.transport.handleRequest(request, response, body);
      return undefined;
    }
    if (request.method !== 'POST' || !isInitializeRequest(body)) return { kind: 'not_initialized' };
    await this.open(caller).transport.handleRequest(request, response, body);
    return undefined;
  }

  /** Closes every MCP session (and each one's default session): the server is stopping. */
  async closeAll(): Promise<void> {
    const connections = [...this.byKey.values()].flatMap((cache) => [...cache.values()]);
    this.byKey.clear();
    await Promise.all(connections.map(closeConnection));
  }

  private open(caller: McpCaller): Connection {
    const tabwright = new Tabwright({
      baseUrl: ORIGIN,
      apiKey: caller.token,
      fetch: (request) => {
        const url = new URL(request.url);
        const routed = new Request(`${connection.baseUrl}${url.pathname}${url.search}`, request);
        // The /mcp request was already counted against the key's rate limit; a 429 here would make
        // the tool wait out Retry-After inside the call.
        routed.headers.set(INTERNAL_HEADER, this.internalToken);
        return globalThis.fetch(routed);
      },
    });
    const cache = this.cacheOf(caller.keyId);
    const connection: Connection = {
      baseUrl: caller.baseUrl,
      mcp: tabwrightMcp(tabwright, this.version),
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => (this.node === undefined ? randomUUID() : `${this.node}_${randomUUID()}`),
        // Plain JSON answers: every tool answers once, so an event stream would only add framing.
        enableJsonResponse: true,
        onsessioninitialized: (id) => void cache.set(id, connection),
        // DELETE /mcp answers once the connection's default session is closed.
        onsessionclosed: () => closeConnection(connection),
      }),
    };
    // DELETE /mcp, an idle timeout or an eviction end the transport; each way ends the connection.
    connection.transport.onclose = () => {
      const id = connection.transport.sessionId;
      if (id !== undefined && cache.get(id) === connection) cache.delete(id);
      void closeConnection(connection);
    };
    void connection.mcp.server.connect(connection.transport);
    return connection;
  }

  private cacheOf(keyId: string): LRUCache<string, Connection> {
    let cache = this.byKey.get(keyId);
    if (!cache) {
      cache = new LRUCache<string, Connection>({
        max: MCP_SESSIONS_PER_KEY,
        ttl: MCP_IDLE_MS,
        updateAgeOnGet: true,
        ttlAutopurge: true,
        dispose: (connection, _id, reason) => {
          if (reason !== 'set') void closeConnection(connection);
        },
      });
      this.byKey.set(keyId, cache);
    }
    return cache;
  }
}
