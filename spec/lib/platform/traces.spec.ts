import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { newSessionId } from '../../../lib/platform/ids.js';
import { openTrace, partialTracePath, removeTraces, tracePath, tracesFolder } from '../../../lib/platform/traces.js';

describe('lib/platform/traces', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tabwright-traces-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const write = (file: string, content = 'PK zip'): void => {
    mkdirSync(tracesFolder(dataDir), { recursive: true });
    writeFileSync(file, content);
  };

  describe('tracePath', () => {
    it('names the zip after the session under <data dir>/traces', () => {
      const id = newSessionId();
      expect(tracePath(dataDir, id)).to.equal(join(dataDir, 'traces', `${id}.zip`));
    });

    it('refuses anything that is not a session id, so no path can leave the folder', () => {
      for (const bad of ['../x', 'ses_../../etc', '', 'ses_ABC', `${newSessionId()}/..`]) expect(() => tracePath(dataDir, bad), bad).to.throw('not a session id');
    });
  });

  describe('removeTraces', () => {
    it('deletes the traces of the given sessions, finished or half-written, and leaves the others', () => {
      const [gone, half, kept] = [newSessionId(), newSessionId(), newSessionId()];
      write(tracePath(dataDir, gone));
      write(partialTracePath(dataDir, half));
      write(tracePath(dataDir, kept));
      expect(removeTraces(dataDir, [gone, half])).to.equal(2);
      expect(readdirSync(tracesFolder(dataDir))).to.deep.equal([`${kept}.zip`]);
    });

    it('passes over sessions without a trace, ids that are not session ids, and a data folder without traces', () => {
      expect(removeTraces(dataDir, [newSessionId(), '../tabwright.db'])).to.equal(0);
      write(join(dataDir, 'tabwright.db'), 'db');
      expect(removeTraces(dataDir, ['../tabwright.db', 'tabwright.db'])).to.equal(0);
      expect(existsSync(join(dataDir, 'tabwright.db'))).to.equal(true);
    });
  });

  describe('openTrace', () => {
    it('gives the size and the bytes of a trace', async () => {
      const id = newSessionId();
      write(tracePath(dataDir, id), 'PK\u0003\u0004 trace');
      const trace = await openTrace(dataDir, id);
      expect(trace?.bytes).to.equal(10);
      expect(await text(trace!.stream)).to.equal('PK\u0003\u0004 trace');
    });

    it('is null without a trace, and for a trace still being written', async () => {
      const id = newSessionId();
      expect(await openTrace(dataDir, id)).to.equal(null);
      write(partialTracePath(dataDir, id));
      expect(await openTrace(dataDir, id)).to.equal(null);
    });
  });
});
