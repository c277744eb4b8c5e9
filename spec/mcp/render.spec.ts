import { expect } from 'chai';
import type { Envelope } from '../../client/index.js';
import { downloadResult, envelopeResult } from '../../mcp/render.js';

type Page = NonNullable<Envelope['page']>;

/** An act's answer with `page`, nothing else set. */
const envelope = (page: Partial<Page>): Envelope =>
  ({
    session_id: 'ses_test',
    request_id: 'req_test',
    expires_at: '2026-01-01T00:00:00.000Z',
    completed: 1,
    error: null,
    page: { url: 'http://example.test/', title: 'Test', scroll: { x: 0, y: 0, max_y: 0 }, ...page },
  }) as unknown as Envelope;
const textOf = (page: Partial<Page>): string => envelopeResult(envelope(page)).content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
const send = { ref: 'e1', tag: 'button', role: 'button', label: 'Send' };
const search = { ref: 'e2', tag: 'input', role: 'searchbox', label: 'Search' };

describe('MCP tool results', () => {
  it('lists the controls that are not in the markdown after it, so every ref can be acted on', () => {
    const text = textOf({ markdown: { content: '# Mail\n[e1: button "Send"]' }, interactive_elements: [send, search] });
    expect(text).to.include('## Other controls\ne2 searchbox "Search"');
    expect(text).not.to.match(/^e1 button/m);
  });

  it('lists every control when the markdown is text only (controls: list)', () => {
    const text = textOf({ markdown: { content: '# Mail\nSend' }, interactive_elements: [send, search] });
    expect(text).to.include('## Controls\ne1 button "Send"\ne2 searchbox "Search"');
  });

  it('adds no controls section when the markdown shows them all', () => {
    const text = textOf({ markdown: { content: '[e1: button "Send"]' }, interactive_elements: [send] });
    expect(text).not.to.include('Controls');
  });

  it('lists the tabs with the active one marked, and says when the act moved to another tab', () => {
    const text = textOf({
      markdown: { content: '# Sign in' },
      tabs: [
        { tab: 't1', url: 'http://example.test/', title: 'Shop', active: false, opener: null },
        { tab: 't2', url: 'http://example.test/signin', title: 'Sign in', active: true, opener: 't1' },
      ],
      changes: { content_changed: true, content_delta: '+ # Sign in', elements_added: [], elements_removed: [], tab: { from: 't1', to: 't2', reason: 'opened' } },
    });
    expect(text).to.include('## Tabs\nt1 "Shop" http://example.test/\n* t2 "Sign in" http://example.test/signin (opened by t1)');
    expect(text).to.include('## Changes\ntab: now t2 (opened; was t1)\n+ # Sign in');
  });

  it('hands over a download: text inline, other types embedded, a large one as where to fetch it', () => {
    const file = (type: string, bytes: Uint8Array) => downloadResult('ses_1', 'dl_1', { bytes, type, name: 'f' });
    const text = file('text/csv', new TextEncoder().encode('a,b\n1,2'));
    expect(text.content).to.deep.equal([{ type: 'text', text: 'f · text/csv · 7 bytes\n\na,b\n1,2' }]);
    const pdf = file('application/pdf', new Uint8Array([37, 80, 68, 70]));
    expect(pdf.content[1]).to.deep.equal({ type: 'resource', resource: { uri: 'tabwright://ses_1/downloads/dl_1', mimeType: 'application/pdf', blob: 'JVBERg==' } });
    const large = file('application/zip', new Uint8Array(2 * 1024 * 1024));
    expect(large.content).to.have.length(1);
    expect((large.content[0] as { text: string }).text).to.contain('GET /v1/sessions/ses_1/downloads/dl_1');
  });
});
