// Profiles and forks as the typed client and the MCP server offer them (issue 31).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { Tabwright, TabwrightError } from '../../client/index.js';
import { resultText, sessionIn } from '../support/agent-pages.js';
import { browserSuite } from '../support/browser.js';
import { signedIn, signInRoutes } from '../support/sign-in.js';

// This file runs as dist/spec/integration/state-clients.spec.js; the repository is three folders up.
const BIN = fileURLToPath(new URL('../../../bin/tabwright', import.meta.url));

describe('profiles and forks through the typed client and the MCP server', function () {
  this.timeout(120_000);
  const t = browserSuite(signInRoutes);
  const apiKey = () => t.auth.Authorization.slice('Bearer '.length);

  it('the client signs in on a persisting profile, lists and reads it, forks a session on it and deletes it', async () => {
    const tabwright = new Tabwright({ baseUrl: await t.service.listen(), apiKey: apiKey() });
    const first = await tabwright.createSession({ profile: { name: 'mail', persist: true }, url: t.site.url('/login?user=ada'), steps: [{ wait: { text: 'Stored' } }] });
    const held = await tabwright.deleteProfile('mail').catch((error: unknown) => error);
    expect(held).to.be.instanceOf(TabwrightError).and.include({ status: 409, code: 'profile_in_use' });
    await tabwright.deleteSession(first.session_id);
    const listed = await tabwright.listProfiles();
    expect(listed.profiles.map((profile) => profile.name)).to.deep.equal(['mail']);
    expect(await tabwright.getProfile('mail')).to.include({ name: 'mail', cookies: 1, last_session: first.session_id });

    const reader = await tabwright.createSession({ profile: { name: 'mail' }, url: t.site.url('/account'), steps: [{ wait: { text: 'local=' } }] });
    const copies = await tabwright.forkSession(reader.session_id, { count: 2, steps: [{ wait: { text: 'local=' } }] });
    expect(copies).to.have.length(2);
    for (const copy of copies) for (const line of signedIn('ada', false)) expect(copy.page?.markdown?.content).to.include(line);

    await tabwright.deleteProfile('mail');
    const gone = await tabwright.getProfile('mail').catch((error: unknown) => error);
    expect(gone).to.be.instanceOf(TabwrightError).and.include({ status: 404, code: 'profile_not_found' });
  });

  it('the MCP server opens a session on a profile, forks it with session_fork and lists profiles', async () => {
    const client = new Client({ name: 'tabwright-test', version: '1.0.0' });
    const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', TABWRIGHT_URL: await t.service.listen(), TABWRIGHT_API_KEY: apiKey() };
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, stderr: 'inherit' }));
    try {
      const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
      const { tools } = await client.listTools();
      const open = tools.find((tool) => tool.name === 'session_open');
      expect(open?.inputSchema.properties).to.have.property('profile');
      expect(tools.map((tool) => tool.name)).to.include.members(['session_fork', 'profile_list']);

      const signing = await call('session_open', { profile: { name: 'news', persist: true }, url: t.site.url('/login?user=bob') });
      const signer = sessionIn(signing);
      expect((await call('wait', { session_id: signer, text: 'Stored' })).isError).to.not.equal(true);
      expect((await call('session_close', { session_id: signer })).isError).to.not.equal(true);
      expect(resultText(await call('profile_list', {}))).to.include('"name":"news"');

      const source = sessionIn(await call('session_open', { profile: { name: 'news' }, url: t.site.url('/account') }));
      const forked = await call('session_fork', { session_id: source, count: 2, steps: [{ wait: { text: 'local=' } }] });
      expect(forked.isError).to.not.equal(true);
      const text = resultText(forked);
      expect(text).to.match(/^2 copies: ses_\w+, ses_\w+/);
      expect(text.split('Signed in as bob')).to.have.length(3);
      const refused = await call('session_open', { profile: { name: 'Bad Name' } });
      expect(refused.isError).to.equal(true);
      expect(resultText(refused)).to.include('invalid_request');
    } finally {
      await client.close();
    }
  });
});
