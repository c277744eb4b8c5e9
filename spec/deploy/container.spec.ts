// The image and the compose set are configured only through the variables the README documents,
// and the compose set keeps nginx.conf's addresses: checked on the files themselves, since
// `npm run test:docker` (which runs them) is not part of `npm test`.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VARIABLES } from '../../lib/platform/config/index.js';

const root = join(import.meta.dirname, '..', '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const documented = new Set(VARIABLES.map((variable) => variable.name));

describe('Dockerfile and deploy/compose.yaml', () => {
  it('set only documented variables in the image (ENV), besides npm\'s own build setting', () => {
    const names = [...read('Dockerfile').matchAll(/^ENV\s+(.+)$/gm)].flatMap(([, list]) => [...list!.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=/g)].map(([, name]) => name!));
    expect(names).to.include.members(['HOST', 'PORT', 'DATA_DIR', 'CHROMIUM_PATH']);
    expect(names.filter((name) => !documented.has(name) && !name.startsWith('npm_config_'))).to.deep.equal([]);
  });

  it('give the nodes only documented variables, each node its own NODE_ID and PORT, the ports nginx.conf names', () => {
    const compose = read('deploy/compose.yaml');
    // The nodes' settings: the x-node block's environment and each node's own.
    const nodeText = compose.slice(compose.indexOf('x-node:'), compose.indexOf('services:')) + compose.slice(compose.indexOf('  n1:'));
    const names = [...nodeText.matchAll(/^ {4,6}([A-Z][A-Z0-9_]*):/gm)].map(([, name]) => name!);
    expect(names).to.include.members(['DATABASE_URL', 'TABWRIGHT_PROFILE_KEY', 'NODE_ID', 'PORT']);
    expect(names.filter((name) => !documented.has(name))).to.deep.equal([]);
    const nodes = [...compose.matchAll(/NODE_ID: (\w+)\n\s+PORT: "(\d+)"/g)].map(([, id, port]) => `${id}:${port}`);
    expect(nodes).to.deep.equal(['n1:8081', 'n2:8082', 'n3:8083']);
    const nginx = read('deploy/nginx.conf');
    for (const node of nodes) {
      const [id, port] = node.split(':');
      expect(nginx).to.include(`upstream node_${id} { server 127.0.0.1:${port};`);
    }
    expect(compose).to.match(/network_mode: service:nginx/);
    expect(nginx).to.match(/^\s+listen 8080;$/m);
  });
});
