import { expect } from 'chai';
import { jpegSize, pdfPages, pngSize } from '../support/media.js';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';

const TALL = html(
  'Tall',
  `<style>body{margin:0} .block{height:1000px;background:linear-gradient(#fff,#39f)} #box{width:120px;height:80px;background:red}</style>
   <div id="box"></div><div class="block"></div><div class="block"></div><p>end</p>`,
);

describe('screenshot and pdf steps', function () {
  this.timeout(60_000);
  const t = browserSuite({ '/tall': { body: TALL } });
  const { create } = t;
  const decode = (item: { data: string }) => Buffer.from(item.data, 'base64');

  it('takes viewport, full-page and element screenshots, png and jpeg, in step order', async () => {
    const res = await create({
      url: t.site.url('/tall'),
      viewport: { width: 800, height: 600 },
      steps: [
        { screenshot: {} },
        { screenshot: { full_page: true } },
        { screenshot: { selector: '#box' } },
        { screenshot: { format: 'jpeg', quality: 40 } },
      ],
    });
    expect(res.body.error).to.equal(null);
    const media = res.body.media as Array<{ type: string; format: string; data: string }>;
    expect(media.map((m) => [m.type, m.format])).to.deep.equal([
      ['screenshot', 'png'],
      ['screenshot', 'png'],
      ['screenshot', 'png'],
      ['screenshot', 'jpeg'],
    ]);
    expect(pngSize(decode(media[0]!))).to.deep.equal({ width: 800, height: 600 });
    const full = pngSize(decode(media[1]!));
    expect(full.width).to.equal(800);
    expect(full.height).to.equal(res.body.page.scroll.height);
    expect(full.height).to.be.greaterThan(2000);
    expect(pngSize(decode(media[2]!))).to.deep.equal({ width: 120, height: 80 });
    expect(jpegSize(decode(media[3]!))).to.deep.equal({ width: 800, height: 600 });
  });

  it('lowers JPEG size with quality', async () => {
    const res = await create({ url: t.site.url('/tall'), steps: [{ screenshot: { format: 'jpeg', quality: 100 } }, { screenshot: { format: 'jpeg', quality: 5 } }] });
    const [high, low] = (res.body.media as Array<{ data: string }>).map(decode);
    expect(low!.length).to.be.lessThan(high!.length);
  });

  it('fails a screenshot of a selector that matches nothing with element_not_found', async () => {
    const res = await create({ url: t.site.url('/tall'), steps: [{ screenshot: { selector: '#missing' } }] });
    expect(res.body.error).to.include({ code: 'element_not_found', step: 0 });
  });

  it('prints PDFs in A4, Letter and Legal, landscape, scaled, with margins; page counts follow the content', async () => {
    const res = await create({
      url: t.site.url('/tall'),
      steps: [
        { pdf: {} },
        { pdf: { format: 'Letter', landscape: true } },
        { pdf: { format: 'Legal', scale: 0.5, margin: { top: '1cm', bottom: '1cm', left: '10mm', right: '0.5in' } } },
      ],
    });
    expect(res.body.error).to.equal(null);
    const [a4, letter, legal] = (res.body.media as Array<{ type: string; format: string; data: string }>).map((m) => {
      expect([m.type, m.format]).to.deep.equal(['pdf', 'pdf']);
      return pdfPages(decode(m));
    });
    // Points; Chromium rounds paper sizes through pixels, so allow one point.
    const near = (page: { width: number; height: number }, width: number, height: number): void => {
      expect(page.width).to.be.closeTo(width, 1);
      expect(page.height).to.be.closeTo(height, 1);
    };
    near(a4!, 595.3, 841.9);
    near(letter!, 792, 612);
    near(legal!, 612, 1008);
    expect(a4!.count).to.be.at.least(2);
    expect(legal!.count).to.be.lessThan(a4!.count);
  });
});
