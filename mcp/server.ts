// The MCP server as a client of a running tabwright: each tool call becomes a REST request through
// tabwright/client. Tools are registered on the SDK's low-level handlers because their input
// schemas are JSON Schema walked from the codecs, which McpServer.registerTool (zod) cannot take.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TabwrightError, type Step, type Tabwright } from '../client/index.js';
import { apiErrorResult, downloadResult, downloadsResult, envelopeResult, forkResult, jsonResult, unreachableResult } from './render.js';
import { toolDefinitions } from './tools.js';

type Args = Record<string, unknown>;

/** The MCP server of one connection, and how to end it: close() closes the default session it opened. */
export interface TabwrightMcp {
  server: McpServer;
  close(): Promise<void>;
}

/** An MCP server driving the service behind `tabwright`; `version` is the package's. */
export function tabwrightMcp(tabwright: Tabwright, version: string): TabwrightMcp {
  const server = new McpServer({ name: 'tabwright', version }, { capabilities: { tools: {} } });
  const tools = toolDefinitions();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  // The connection's default session: opened by the first call without session_id, kept until close.
  let defaultSession: Promise<string> | undefined;

  const sessionOf = (args: Args): Promise<string> => {
    if (typeof args.session_id === 'string') return Promise.resolve(args.session_id);
    if (defaultSession) return defaultSession;
    const opening = tabwright.createSession().then((envelope) => envelope.session_id);
    defaultSession = opening;
    // A create that failed is not kept: the next call tries again.
    opening.catch(() => {
      if (defaultSession === opening) defaultSession = undefined;
    });
    return opening;
  };

  // Each act and create goes out with the client's fresh Idempotency-Key, so a connection that
  // drops mid-call is retried without a second click or a second session.
  const call = async (name: string, args: Args): Promise<CallToolResult> => {
    const tool = byName.get(name);
    const { session_id: _id, ...params } = args;
    if (tool?.step) return envelopeResult(await tabwright.act(await sessionOf(args), { steps: [{ [tool.step]: params } as Step] }));
    switch (name) {
      case 'run_steps':
        return envelopeResult(await tabwright.act(await sessionOf(args), params as { steps: Step[] }));
      case 'session_open':
        return envelopeResult(await tabwright.createSession(params));
      case 'session_close': {
        const id = await sessionOf(args);
        if (args.session_id === undefined || (defaultSession && id === (await defaultSession))) defaultSession = undefined;
        await tabwright.deleteSession(id);
        return jsonResult({ session_id: id, closed: true });
      }
      case 'session_list':
        return jsonResult(await tabwright.listSessions(params));
      case 'session_fork':
        return forkResult(await tabwright.forkSession(await sessionOf(args), params));
      case 'download': {
        const id = await sessionOf(args);
        if (typeof args.download_id === 'string') return downloadResult(id, args.download_id, await tabwright.getDownload(id, args.download_id));
        return downloadsResult(id, (await tabwright.listDownloads(id)).downloads);
      }
      case 'profile_list':
        return jsonResult(await tabwright.listProfiles(params));
      default:
        return { content: [{ type: 'text', text: `unknown tool ${JSON.stringify(name)}; tools/list names them` }], isError: true };
    }
  };

  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(({ step: _step, ...tool }) => tool) }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      return await call(request.params.name, request.params.arguments ?? {});
    } catch (error) {
      // A refused request (a bad argument is the API's 400 with its path) is the agent's to fix.
      if (error instanceof TabwrightError) return apiErrorResult(error);
      // The server could not be reached (stopped, restarting): the agent can try again later.
      if (error instanceof TypeError && error.message === 'fetch failed') return unreachableResult(error);
      throw error;
    }
  });

  return {
    server,
    async close() {
      const pending = defaultSession;
      defaultSession = undefined;
      const id = await pending?.catch(() => undefined);
      if (id) await tabwright.deleteSession(id).catch(() => undefined);
      await server.close();
    },
  };
}
