// The house rules of the import graph (README, "Layout"), checked by spec/architecture.spec.ts and
// by `npx depcruise --config .dependency-cruiser.cjs client mcp bin http actors machines lib`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'a cycle means a shared type lives too high', from: {}, to: { circular: true } },
    { name: 'lib-stays-below', severity: 'error', comment: 'lib/ is used by everything and uses none of the layers', from: { path: '^lib/' }, to: { path: '^(client|mcp|bin|http|actors|machines)/' } },
    { name: 'client-stands-alone', severity: 'error', comment: 'tabwright/client ships to users: it speaks HTTP and knows the server only through client/schema.ts', from: { path: '^client/' }, to: { path: '^(bin|http|actors|machines|lib)/' } },
    { name: 'mcp-is-a-client', severity: 'error', comment: 'the MCP adapter reaches the service only over HTTP, through tabwright/client', from: { path: '^mcp/' }, to: { path: '^(bin|http|actors|machines)/' } },
    { name: 'machines-are-pure', severity: 'error', comment: 'machines/ import only xstate and types', from: { path: '^machines/' }, to: { path: '^(bin|http|actors)/|node_modules/(?!xstate/)' } },
    { name: 'actors-below-http', severity: 'error', comment: 'arrows run bin → http → actors → machines', from: { path: '^actors/' }, to: { path: '^(bin|http|mcp|client)/' } },
    { name: 'http-below-bin', severity: 'error', comment: 'arrows run bin → http → actors → machines; http mounts the MCP adapter at /mcp, which calls back over HTTP', from: { path: '^http/' }, to: { path: '^bin/' } },
    { name: 'http-without-playwright', severity: 'error', comment: 'http/ translates HTTP into actor events; pages are the actors\' business', from: { path: '^http/' }, to: { path: 'node_modules/playwright' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|spec|bench|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
  },
};
