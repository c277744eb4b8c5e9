// What the tests of the agents' ways in (tabwright/client, MCP) share: the page they drive and how
// they read a tool's answer.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { html } from './site.js';

/** The first bytes of every PNG. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A name field, a button that greets by it, and where the greeting appears. */
export const GREETER = html(
  'Greeter',
  `<h1>Greeter</h1>
   <label for="name">Your name</label><input id="name">
   <button type="button" onclick="document.getElementById('out').textContent = 'Hello, ' + document.getElementById('name').value">Greet me</button>
   <p id="out"></p>`,
);

/** A tool answer's content as one text, media shown as [image] or [resource]. */
export const resultText = (result: CallToolResult): string => result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');

/** The session id a tool answer names (its first line: `session ses_…`). */
export const sessionIn = (result: CallToolResult): string => /session (ses_[0-9a-z_]+)/.exec(resultText(result))?.[1] ?? '';
