import { expect } from 'chai';
import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sessionDownloadsFolder } from '../../lib/platform/downloads/folder.js';
import { PLANS } from '../../lib/contract/plans.js';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';
import { bytesOrJson } from '../support/zip.js';
import { Tabwright } from '../../client/index.js';
import { randomBytes } from 'node:crypto';
import { verifyWebhookSignature } from '../../client/webhooks.js';
import { AddressGuard, AllowList } from '../../lib/network/address.js';
import { systemClock } from '../../lib/platform/clock.js';
import { setKeyWebhook } from '../../lib/platform/webhooks/keys.js';
import { secretSealingKey } from '../../lib/platform/webhooks/secret.js';
import { Webhooks } from '../../lib/platform/webhooks/service.js';
import { selfSignedCertificate, startReceiver, type Receiver } from '../support/https-receiver.js';

// A report with bytes that are not text, so "byte for byte" means something.
const REPORT = Buffer.concat([Buffer.from('quarter,total\nq3,1200\n'), Buffer.from([0, 1, 2, 0xff, 0xfe, 0x80])]);
const NOTES = 'made by the page: 📎 notes';
// Just over the trial plan's size per file, sent without a length so it is metered as it arrives.
const BIG = PLANS.trial.downloadFileBytes + 256 * 1024;

const attachment = (type: string, disposition: string, body: Buffer) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': type, 'Content-Disposition': disposition, 'Content-Length': body.length }).end(body);
};

describe('a session\'s downloads against real Chromium', function () {
  this.timeout(60_000);
  const t = browserSuite(
    {
      '/files': {
        body: html(
          'Files',
          '<a href="/report">Report</a> <a href="/hostile">Hostile</a> <a href="/big">Big</a> ' +
            '<form method="post" action="/export"><button>Export</button></form> ' +
            // window.URL: in an inline handler a bare URL is document.URL.
            `<button onclick="const a = document.createElement('a'); a.href = window.URL.createObjectURL(new Blob(['${NOTES}'])); a.download = 'notes.txt'; a.click()">Make notes</button>`,
        ),
      },
      '/report': attachment('text/csv; charset=utf-8', 'attachment; filename="q3 report.csv"', REPORT),
      '/export': (req, res) => (req.method === 'POST' ? attachment('application/json', 'attachment; filename=export.json', Buffer.from('{"rows":2}'))(req, res) : res.writeHead(405).end()),
      // A name that tries to climb out, hide its extension behind a right-to-left override and break a header line.
      '/hostile': attachment('text/html', 'attachment; filename="../../etc/passwd"; filename*=UTF-8\'\'..%2F..%2Fetc%2F%E2%80%AEfdp.exe%0D%0AX-Evil%3A%201%00', Buffer.from('<script>alert(1)</script>')),
      '/big': (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="big.bin"' });
        const chunk = Buffer.alloc(256 * 1024, 7);
        let sent = 0;
        const more = (): void => {
          while (sent < BIG) {
            sent += chunk.length;
            if (!res.write(chunk)) {
              res.once('drain', more);
              return;
            }
          }
          res.end();
        };
        res.on('error', () => undefined);
        more();
      },
    },
    'trial',
    () => ({ webhooks: (store) => new Webhooks({ store, guard, clock: systemClock, sealingKey, ca: receiver.ca, userAgent: 'test', warn: () => undefined, backoff: () => 10, pollMs: 50 }) }),
  );
  // Kept downloads are webhook events too: a receiver of the session's events on loopback.
  const sealingKey = secretSealingKey(randomBytes(32));
  const guard = new AddressGuard(AllowList.parse('127.0.0.1'));
  let receiver: Receiver;
  before(async () => (receiver = await startReceiver(selfSignedCertificate())));
  after(() => receiver.close());
  const list = (id: string, auth = t.auth) => t.service.http.get(`/v1/sessions/${id}/downloads`).set(auth);
  const file = (id: string, downloadId: string, auth = t.auth) =>
    t.service.http.get(`/v1/sessions/${id}/downloads/${downloadId}`).set(auth).buffer(true).parse(bytesOrJson);

  it('keeps an attachment, a form post\'s answer, a script\'s blob and a hostile name, lists them and serves each byte for byte, during the session and after it', async () => {
    const key = t.service.store.sync.findKeyByToken(t.auth.Authorization.slice('Bearer '.length))!;
    const { secret } = await setKeyWebhook({ store: t.service.store, guard, sealingKey, now: Date.now() }, key, { url: null, rotate: true });
    receiver.received.length = 0;
    const created = await t.create({ url: t.site.url('/files'), webhook_url: receiver.url });
    expect(created.status).to.equal(201);
    expect(created.body.downloads).to.deep.equal([]);
    const id = created.body.session_id as string;

    const report = await t.act(id, [{ click: { text: 'Report' } }]);
    expect(report.body.error).to.equal(null);
    expect(report.body.downloads).to.have.length(1);
    expect(report.body.downloads[0]).to.include({ name: 'q3 report.csv', mime: 'text/csv', bytes: REPORT.length, url: t.site.url('/report'), complete: true });

    const notes = await t.act(id, [{ click: { text: 'Make notes' } }]);
    expect(notes.body.downloads).to.have.length(2);
    expect(notes.body.downloads[1]).to.include({ name: 'notes.txt', mime: 'text/plain', bytes: Buffer.byteLength(NOTES), url: `blob:${t.site.origin}`, complete: true });

    const hostile = await t.act(id, [{ click: { text: 'Hostile' } }]);
    const named = hostile.body.downloads[2] as { id: string; name: string; mime: string };
    expect(named.name).to.not.match(/[/\\\p{Cc}\u202e]/u);
    expect(named.name).to.not.match(/^\./);
    // The folders flattened, the override, line breaks and NUL gone, the colon a header would split on replaced.
    expect(named.name).to.equal('_.._etc_fdp.exeX-Evil_ 1');
    expect(named.mime).to.equal('text/html');

    const exported = await t.act(id, [{ click: { text: 'Export' } }]);
    expect(exported.body.downloads[3]).to.include({ name: 'export.json', mime: 'application/json', bytes: 10, complete: true });

    const listed = await list(id);
    expect(listed.status).to.equal(200);
    expect(listed.body).to.deep.equal({ session_id: id, downloads: exported.body.downloads });

    const [first, second] = listed.body.downloads as Array<{ id: string }>;
    const csv = await file(id, first!.id);
    expect(csv.status).to.equal(200);
    expect(Buffer.compare(csv.body as Buffer, REPORT)).to.equal(0);
    expect(csv.headers['content-type']).to.match(/^text\/csv/);
    expect(csv.headers['content-length']).to.equal(String(REPORT.length));
    expect(csv.headers['content-disposition']).to.equal('attachment; filename="q3 report.csv"');
    expect(csv.headers['x-content-type-options']).to.equal('nosniff');
    expect((await file(id, second!.id)).body.toString('utf8')).to.equal(NOTES);
    // The page's HTML is saved, never rendered as a document of the service's origin.
    const page = await file(id, named.id);
    expect(page.headers['content-disposition']).to.equal('attachment; filename="_.._etc_fdp.exeX-Evil_ 1"');
    expect(page.headers['content-security-policy']).to.contain('sandbox');

    // Each kept file is named by its id in the session's own folder, and only the manifest is beside them.
    const folder = sessionDownloadsFolder(t.service.dataDir, id);
    expect(readdirSync(folder).filter((name) => name !== 'incoming').sort()).to.deep.equal([...(listed.body.downloads as Array<{ id: string }>).map((d) => d.id), 'manifest.json'].sort());

    await t.service.http.delete(`/v1/sessions/${id}`).set(t.auth).expect(204);
    expect(existsSync(`${folder}/incoming`)).to.equal(false);
    // Each kept file was a signed download.completed event, in order, and the session's end came last.
    await receiver.until(5);
    const delivered = receiver.received.map((r) => JSON.parse(r.body) as { type: string; session_id: string; data: { id?: string } });
    expect(delivered.map((event) => event.type)).to.deep.equal([...Array(4).fill('download.completed'), 'session.ended']);
    expect(delivered.slice(0, 4).map((event) => event.data.id)).to.deep.equal(listed.body.downloads.map((d: { id: string }) => d.id));
    expect(delivered.every((event) => event.session_id === id)).to.equal(true);
    for (const r of receiver.received) expect(await verifyWebhookSignature(secret!, String(r.headers['tabwright-signature']), r.body)).to.equal(true);
    const after = await list(id);
    expect(after.body.downloads).to.deep.equal(listed.body.downloads);
    expect(Buffer.compare((await file(id, first!.id)).body as Buffer, REPORT)).to.equal(0);

    // The typed client reads them the same way.
    const client = new Tabwright({ baseUrl: await t.service.listen(), apiKey: t.auth.Authorization.slice('Bearer '.length) });
    expect((await client.listDownloads(id)).downloads).to.deep.equal(listed.body.downloads);
    const fetched = await client.getDownload(id, first!.id);
    expect(Buffer.compare(Buffer.from(fetched.bytes), REPORT)).to.equal(0);
    expect(fetched.name).to.equal('q3 report.csv');

    const events = await t.service.http.get(`/v1/sessions/${id}/events`).set(t.auth);
    const completed = (events.body.events as Array<{ type: string; download?: { id: string } }>).filter((event) => event.type === 'download.completed');
    expect(completed.map((event) => event.download?.id)).to.deep.equal(listed.body.downloads.map((d: { id: string }) => d.id));

    // Another account's key sees no such session; ids that are not ours are refused before the disk is read.
    const other = { Authorization: `Bearer ${t.service.key('trial')}` };
    expect((await list(id, other)).body.error.code).to.equal('session_not_found');
    expect((await file(id, first!.id, other)).body.error.code).to.equal('session_not_found');
    const climbing = await file(id, '..%2F..%2Fmanifest.json');
    expect(climbing.status).to.equal(400);
    expect(climbing.body.error.code).to.equal('invalid_request');
    expect((await file(id, 'manifest.json')).status).to.equal(400);
    const unknown = await file(id, `dl_${'0'.repeat(24)}`);
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error.code).to.equal('download_not_found');
    expect((await list(`ses_${'0'.repeat(24)}`)).body.error.code).to.equal('session_not_found');
  });

  it('cuts a download over the plan\'s size per file as it arrives, removes what arrived and says why', async () => {
    const id = (await t.create({ url: t.site.url('/files') })).body.session_id as string;
    const acted = await t.act(id, [{ click: { text: 'Big' } }]);
    expect(acted.body.downloads).to.have.length(1);
    const big = acted.body.downloads[0] as { id: string; name: string; bytes: number; complete: boolean };
    expect(big).to.include({ name: 'big.bin', complete: false });
    expect(big.bytes).to.be.above(PLANS.trial.downloadFileBytes);
    const refused = await file(id, big.id);
    expect(refused.status).to.equal(409);
    expect(refused.body.error.code).to.equal('download_incomplete');

    // It came through the session's proxy like any response: its guard applied and its bytes metered.
    const usage = (await t.service.http.get(`/v1/sessions/${id}`).set(t.auth)).body.usage as { bytes: { datacenter: number } };
    expect(usage.bytes.datacenter).to.be.above(PLANS.trial.downloadFileBytes);

    await t.service.http.delete(`/v1/sessions/${id}`).set(t.auth).expect(204);
    expect(readdirSync(sessionDownloadsFolder(t.service.dataDir, id))).to.deep.equal(['manifest.json']);
    const events = await t.service.http.get(`/v1/sessions/${id}/events`).set(t.auth);
    const cut = (events.body.events as Array<{ type: string; reason?: string; download?: { id: string } }>).find((event) => event.type === 'download.cut');
    expect(cut).to.deep.include({ reason: 'file_too_large' });
    expect(cut?.download?.id).to.equal(big.id);
  });
});
