// npm run bench:mcp — tabwright's MCP server (`tabwright mcp`, a child speaking MCP over stdio to
// the SDK's Client, driving the service started in this process) against Playwright MCP, in the
// same run and browser:
// 1. bytes: per real page of spec/fixtures/pages, the text of the observe tool's result as the
//    client receives it (main mode, the default, and full) against what Playwright MCP's
//    browser_snapshot would send for the same page (bench/playwright-mcp.ts);
// 2. the tool list: its JSON bytes, the number of tools and the largest, beside Playwright MCP's;
// 3. time per tool call against the REST act it wraps (bench/mcp-overhead.ts), on a small page.
// Every page is served on a random loopback port and Chromium resolves no other host.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';
import { Tabwright } from '../client/index.js';
import { realPages, pageSource } from '../spec/support/pages.js';
import { TestSite, html } from '../spec/support/site.js';
import { median } from '../spec/support/words.js';
import { overheadLine, toolCallOverhead, type OverheadStep } from './mcp-overhead.js';
import { connectPlaywrightMcp, playwrightMcpSnapshot } from './playwright-mcp.js';
import { startBenchService } from './service.js';
import { loadAverage, percentile, sample } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 150);
const WARMUP = 20;
// This file runs as dist/bench/mcp.js; the repository is two folders up.
const BIN = fileURLToPath(new URL('../../bin/tabwright', import.meta.url));

const SMALL = html(
  'Small',
  `<h1>A small page</h1><p>${'A few words to read. '.repeat(10)}</p>
   <label>Name <input name="name"></label><button type="button">Send</button><a href="/small">Again</a>`,
);
const pages = realPages();
const site = await TestSite.start({
  ...Object.fromEntries(pages.map((name) => [`/${name}/`, { body: pageSource(name) }])),
  '/small': { body: SMALL },
});
const { engine, base, headers, stop } = await startBenchService({ offline: true });
const apiKey = headers.Authorization!.slice('Bearer '.length);
const rest = new Tabwright({ baseUrl: base, apiKey });

/** `tabwright mcp` as an MCP client starts it: a child on stdio, given the server's URL and a key. */
async function connectStdio(): Promise<Client> {
  const client = new Client({ name: 'tabwright-bench', version: '1.0.0' });
  const env = { PATH: process.env.PATH ?? '', TABWRIGHT_URL: base, TABWRIGHT_API_KEY: apiKey };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, stderr: 'inherit' }));
  return client;
}

/** Streamable HTTP at POST /mcp on the server itself, under the same key. */
async function connectHttp(): Promise<Client> {
  const client = new Client({ name: 'tabwright-bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base), { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } }));
  return client;
}

/** Each way an MCP client reaches tabwright; the bytes are the same through any, the overhead is measured through each. */
const transports: Array<{ name: string; connect: () => Promise<Client> }> = [
  { name: 'stdio (tabwright mcp)', connect: connectStdio },
  { name: 'Streamable HTTP (POST /mcp)', connect: connectHttp },
];

const text = (result: CallToolResult): string => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
const bytes = (value: string): number => Buffer.byteLength(value);

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${text(result)}`);
  return text(result);
}

interface Row {
  name: string;
  main: number;
  full: number;
  playwright: number;
}

/**
 * The observe tool's text with `params`, taken twice and the second kept: the first after an
 * observation in another mode lists what changed between the two, which is not the page.
 */
async function observeBytes(client: Client, params: Record<string, unknown>): Promise<number> {
  await call(client, 'observe', params);
  return bytes(await call(client, 'observe', params));
}

/** One page's bytes: observe in the connection's default session, and Playwright MCP's snapshot in a raw context. */
async function pageBytes(client: Client, name: string): Promise<Row> {
  const url = site.url(`/${name}/`);
  await call(client, 'navigate', { url });
  const main = await observeBytes(client, {});
  const full = await observeBytes(client, { mode: 'full' });
  const context = await engine.browser().newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    return { name, main, full, playwright: bytes(await playwrightMcpSnapshot(page, response)) };
  } finally {
    await context.close();
  }
}

const num = (value: number, width = 10): string => String(value).padStart(width);
const ratio = (value: number): string => `${value.toFixed(2)}x`.padStart(8);

async function printBytes(client: Client): Promise<void> {
  console.log(`\nobserve tool result (text, UTF-8 bytes) against Playwright MCP's browser_snapshot, ${pages.length} pages`);
  console.log(`${'page'.padEnd(18)}      main      full  pw snapshot  main/pw  full/pw`);
  const rows: Row[] = [];
  for (const name of pages) {
    const row = await pageBytes(client, name);
    rows.push(row);
    console.log(`${name.padEnd(18)}${num(row.main)}${num(row.full)}${num(row.playwright, 13)}${ratio(row.main / row.playwright)} ${ratio(row.full / row.playwright)}`);
  }
  const sum = (pick: (row: Row) => number): number => rows.reduce((total, row) => total + pick(row), 0);
  const pw = sum((row) => row.playwright);
  console.log(
    `${'total'.padEnd(18)}${num(sum((row) => row.main))}${num(sum((row) => row.full))}${num(pw, 13)}` +
      `${ratio(sum((row) => row.main) / pw)} ${ratio(sum((row) => row.full) / pw)}`,
  );
  const medianOf = (pick: (row: Row) => number): string => ratio(median(rows.map((row) => pick(row) / row.playwright)));
  console.log(`${'median ratio'.padEnd(51)}${medianOf((row) => row.main)} ${medianOf((row) => row.full)}`);
  console.log('(main is cut at 12,000 characters of content and full at 20,000, the defaults; the snapshot has no cut)');
}

async function printToolList(name: string, client: Client): Promise<number> {
  const list = await client.listTools();
  const total = bytes(JSON.stringify(list));
  const sizes = list.tools.map((tool) => ({ name: tool.name, bytes: bytes(JSON.stringify(tool)) })).sort((a, b) => b.bytes - a.bytes);
  const largest = sizes.slice(0, 4).map((tool) => `${tool.name} ${tool.bytes}`);
  console.log(`${name.padEnd(16)} ${String(list.tools.length).padStart(3)} tools, ${String(total).padStart(6)} bytes of JSON; the largest: ${largest.join(', ')}`);
  return total;
}

async function printToolLists(client: Client): Promise<void> {
  console.log('\ntools/list result');
  const ours = await printToolList('tabwright', client);
  const playwright = await connectPlaywrightMcp();
  try {
    const theirs = await printToolList('Playwright MCP', playwright.client);
    console.log(`tabwright / Playwright MCP (its default capabilities): ${(ours / theirs).toFixed(2)}x`);
  } finally {
    await playwright.close();
  }
}

/** Two cheap steps whose page work is the same through MCP and REST: a fresh observation, and a 1 ms pause (whose act observes too). */
const OVERHEAD_STEPS: OverheadStep[] = [
  { tool: 'observe', params: {} },
  { tool: 'wait', params: { ms: 1 } },
];

async function printOverhead(name: string, client: Client): Promise<void> {
  const session = await rest.createSession({ url: site.url('/small') });
  try {
    console.log(`\ntime per tool call through ${name} against tabwright/client's act, same session and small page, ${RUNS} each after ${WARMUP} warm-up, rotating order (ms)`);
    for (const step of OVERHEAD_STEPS) {
      const times = await toolCallOverhead(client, rest, session.session_id, step, RUNS, WARMUP);
      console.log(overheadLine(`${step.tool} ${JSON.stringify(step.params)}`, times));
    }
    // The floor under every call: a request and its answer through the transport, no work either side.
    const ping = await sample(RUNS, WARMUP, async () => {
      await client.ping();
    });
    console.log(`${'ping (the bare round trip)'.padEnd(34)} p50 ${percentile(ping, 50).toFixed(2)} p95 ${percentile(ping, 95).toFixed(2)}`);
  } finally {
    await rest.deleteSession(session.session_id);
  }
}

console.log(`bench:mcp — ${pages.length} pages, Chromium ${engine.browser().version()}, load average ${loadAverage()}`);
try {
  for (const [index, transport] of transports.entries()) {
    const client = await transport.connect();
    try {
      if (index === 0) {
        await printBytes(client);
        await printToolLists(client);
      }
      await printOverhead(transport.name, client);
    } finally {
      await client.close();
    }
  }
} finally {
  await stop();
  await site.stop();
}
console.log(`\nload average at the end ${loadAverage()}`);
