import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataFolderInUse, takeOwnership, type Ownership } from '../../../../lib/platform/store/index.js';
import { tempDir } from './fixtures.js';

const HOLDER = fileURLToPath(new URL('./owner-holder.js', import.meta.url));

/** A child process holding `dir`'s ownership, once it says so. */
function holder(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [HOLDER, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
}

const exited = (child: ChildProcess): Promise<unknown> => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve)));

describe('takeOwnership()', () => {
  let dir: string;
  const held: Ownership[] = [];
  let child: ChildProcess | undefined;
  beforeEach(() => {
    dir = join(tempDir(), 'data');
  });
  afterEach(async () => {
    held.splice(0).forEach((ownership) => ownership.release());
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    child = undefined;
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });
  const take = (): Ownership => {
    const ownership = takeOwnership(dir);
    held.push(ownership);
    return ownership;
  };

  it('creates the data folder and leaves only the lock file in it', () => {
    take();
    expect(existsSync(dir)).to.equal(true);
    expect(readdirSync(dir)).to.deep.equal(['owner.lock']);
  });

  it('refuses a second owner in the same process, naming the folder and what to do', () => {
    take();
    const error = (() => {
      try {
        take();
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).to.be.instanceOf(DataFolderInUse);
    expect((error as Error).message).to.equal(
      `data folder ${dir} is in use by another tabwright (serve or mcp); give this one another DATA_DIR (or --data-dir), ` +
        'or set TABWRIGHT_URL and TABWRIGHT_API_KEY to have mcp drive the running server',
    );
  });

  it('lets the next owner in once released, and releasing twice is harmless', () => {
    const first = take();
    first.release();
    first.release();
    expect(() => take()).not.to.throw();
  });

  it('refuses the folder another process holds, and lets it in once that process is killed with SIGKILL', async function () {
    this.timeout(20_000);
    child = await holder(dir);
    expect(() => take()).to.throw(DataFolderInUse);
    child.kill('SIGKILL');
    await exited(child);
    expect(() => take()).not.to.throw();
  });

  it('keeps another process out while this one holds the folder', async function () {
    this.timeout(20_000);
    take();
    const refused = spawn(process.execPath, [HOLDER, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    refused.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise((resolve) => refused.once('exit', resolve));
    expect(code).to.equal(1);
    expect(err).to.include('DataFolderInUse').and.include(`data folder ${dir} is in use`);
  });
});
