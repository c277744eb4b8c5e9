// `tabwright mcp`: an MCP server on stdin and stdout, a client of the server at TABWRIGHT_URL.
// stdout carries only the protocol; logs stay on stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { readFileSync } from 'node:fs';
import { Tabwright } from '../client/index.js';
import type { Config } from '../lib/config/index.js';
import { tabwrightMcp } from '../mcp/server.js';
import type { CliIo } from './command.js';

const PACKAGE = new URL('../../package.json', import.meta.url);

/** Serves MCP over stdio until stdin ends or SIGTERM/SIGINT comes, then closes the default session; 2 without a server to drive. */
export async function mcpCommand(config: Config, io: CliIo): Promise<number> {
  if (!config.server) {
    io.err('tabwright: mcp needs TABWRIGHT_URL and TABWRIGHT_API_KEY (the embedded mode, without them, is not built yet)\n');
    return 2;
  }
  const { version } = JSON.parse(readFileSync(PACKAGE, 'utf8')) as { version: string };
  const mcp = tabwrightMcp(new Tabwright({ baseUrl: config.server.url, apiKey: config.server.apiKey }), version);
  let finish = () => {};
  // The connection ends when the client closes our stdin (or stops us): then the default session is closed.
  const ended = new Promise<void>((resolve) => (finish = resolve));
  process.stdin.once('end', finish);
  process.once('SIGTERM', finish);
  process.once('SIGINT', finish);
  try {
    await mcp.server.connect(new StdioServerTransport());
    await ended;
  } finally {
    process.stdin.off('end', finish);
    process.off('SIGTERM', finish);
    process.off('SIGINT', finish);
    await mcp.close();
  }
  return 0;
}
