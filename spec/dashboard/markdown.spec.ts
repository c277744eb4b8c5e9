import { expect } from 'chai';
import { renderMarkdown } from '../../dashboard/markdown.js';

describe('dashboard renderMarkdown', () => {
  it('renders markdown (headings, lists, tables)', () => {
    const html = renderMarkdown('# Title\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(html).to.include('<h1>Title</h1>');
    expect(html).to.include('<li>one</li>');
    expect(html).to.include('<td>1</td>');
  });

  it('shows HTML written in the page text as text', () => {
    const html = renderMarkdown('Hello <img src=x onerror="alert(1)"> and\n\n<script>alert(2)</script>\n\n<b>bold</b>');
    expect(html).not.to.match(/<img|<script|<b>/);
    expect(html).to.include('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).to.include('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('keeps http(s) links, drops other schemes, and shows images as their alt text', () => {
    const html = renderMarkdown('[site](https://example.com/a?b=1&c=2) [bad](javascript:alert(1)) ![a chart](https://example.com/c.png)');
    expect(html).to.include('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">site</a>');
    expect(html).not.to.include('javascript:');
    expect(html).to.include('[image: a chart]');
    expect(html).not.to.include('<img');
  });

  it('leaves the controls written in place as text', () => {
    expect(renderMarkdown('Name [e7: textbox "Name" = "Ada"]')).to.include('[e7: textbox &quot;Name&quot; = &quot;Ada&quot;]');
  });
});
