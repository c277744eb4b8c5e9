// What Playwright MCP's browser_snapshot tool would send for a page, rebuilt from its source. The
// installed playwright-core (1.65) bundles Playwright MCP's backend (lib/coreBundle.js, from
// packages/playwright-core/src/tools/backend/{snapshot,tab,response}.ts), which this follows: the
// tool asks for an explicit snapshot, so it goes inline (not to a file), taken with
// page.ariaSnapshot({mode: 'ai'}) as Tab.captureSnapshot calls it; Response.serialize joins
// "### Page" (renderTabMarkdown: URL, title, a non-2xx status, the console's errors and warnings
// since the navigation) and "### Snapshot" (the YAML in a ```yaml fence) with newlines, as one
// text content (its toWellFormed() changes no UTF-8 byte count). Left out, as they do not arise
// here: "Open tabs" (one tab), modal states, WebMCP tools, and the "Events" link to new console
// entries, which the browser_navigate before it has already taken. Older Playwright MCP releases
// wrote "### Page state" with "- Page Snapshot:" over the same YAML, a few bytes more per page.
// Checked once against the real server (`playwright-core mcp`, browser_navigate then
// browser_snapshot on each of the 24 pages): the same text on 14 pages and within 0.6% on the
// rest (console counts, late content), once its refs are read without the frame prefix that a
// tab's every navigation after the first adds ([ref=f3e12]): a session that has navigated pays
// about 3% more than this, the first page of a fresh tab.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page, Response } from 'playwright';

/** The text content of Playwright MCP's browser_snapshot result for `page`, loaded by `response`. */
export async function playwrightMcpSnapshot(page: Page, response: Response | null): Promise<string> {
  const snapshot = await page.ariaSnapshot({ mode: 'ai' });
  const lines = ['### Page', `- Page URL: ${page.url()}`];
  const title = await page.title();
  if (title) lines.push(`- Page Title: ${title}`);
  const status = response?.status();
  if (status !== undefined && (status < 200 || status >= 300)) lines.push(`- HTTP status: ${status}${response?.statusText() ? ` ${response.statusText()}` : ''}`);
  const messages = await page.consoleMessages({ filter: 'since-navigation' });
  const errors = (await page.pageErrors({ filter: 'since-navigation' })).length + messages.filter((message) => message.type() === 'error').length;
  const warnings = messages.filter((message) => message.type() === 'warning').length;
  if (errors || warnings) lines.push(`- Console: ${errors} errors, ${warnings} warnings`);
  lines.push('### Snapshot', '```yaml', snapshot, '```');
  return lines.join('\n');
}

/**
 * Playwright MCP itself (`playwright-core mcp`, headless, an in-memory profile) as a connected
 * client, for its tool list: it launches no browser until a tool is called. Its output folder is a
 * fresh temporary one, removed on close.
 */
export async function connectPlaywrightMcp(): Promise<{ client: Client; close: () => Promise<void> }> {
  const cli = join(dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'cli.js');
  const dir = mkdtempSync(join(tmpdir(), 'tabwright-bench-pw-mcp-'));
  const client = new Client({ name: 'tabwright-bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--headless', '--isolated', '--output-dir', dir], cwd: dir, stderr: 'ignore' }));
  return {
    client,
    close: async () => {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
