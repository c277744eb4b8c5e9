import { expect } from 'chai';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright';
import { newSessionId } from '../../../lib/platform/ids.js';
import { tracePath, tracesFolder } from '../../../lib/platform/traces.js';
import { saveTrace } from '../../../lib/browser/trace.js';

/** A context whose tracing.stop is `stop` (given the path to write). */
function fakeContext(stop: (path: string) => Promise<void>): Pick<BrowserContext, 'tracing'> {
  return { tracing: { stop: ({ path }: { path: string }) => stop(path) } as unknown as BrowserContext['tracing'] };
}

describe('saveTrace', () => {
  let dataDir: string;
  let id: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tabwright-traces-'));
    id = newSessionId();
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes the trace to <data dir>/traces/<id>.zip and says how big it is', async () => {
    const saved = await saveTrace(fakeContext((path) => Promise.resolve(writeFileSync(path, 'PK trace'))), dataDir, id);
    expect(saved).to.include({ saved: true, bytes: 8 });
    expect(readFileSync(tracePath(dataDir, id), 'utf8')).to.equal('PK trace');
    expect(readdirSync(tracesFolder(dataDir))).to.deep.equal([`${id}.zip`]);
  });

  it('gives up on a stop that hangs past its cap, and deletes what it writes when it lands', async () => {
    let land: () => void = () => undefined;
    let written: string | undefined;
    const hung = new Promise<void>((resolve) => (land = resolve));
    const saved = await saveTrace(fakeContext(async (path) => { writeFileSync((written = path), 'PK half'); await hung; }), dataDir, id, { capMs: 50 });
    expect(saved).to.include({ saved: false, reason: 'timeout' });
    expect(existsSync(tracePath(dataDir, id))).to.equal(false);
    writeFileSync(written!, 'PK late');
    land();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(tracesFolder(dataDir))).to.deep.equal([]);
  });

  it('keeps nothing when the stop fails (the browser went away)', async () => {
    const saved = await saveTrace(fakeContext((path) => { writeFileSync(path, 'PK'); return Promise.reject(new Error('Target closed')); }), dataDir, id);
    expect(saved).to.include({ saved: false, reason: 'failed' });
    expect(readdirSync(tracesFolder(dataDir))).to.deep.equal([]);
  });

  it('deletes a trace over the size cap', async () => {
    const saved = await saveTrace(fakeContext((path) => Promise.resolve(writeFileSync(path, 'PK 12 bytes.'))), dataDir, id, { maxBytes: 11 });
    expect(saved).to.include({ saved: false, reason: 'too_large', bytes: 12 });
    expect(readdirSync(tracesFolder(dataDir))).to.deep.equal([]);
  });
});
