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
    // lib's rooms, bottom to top: contract, network, platform, browser, api (docs/architecture.md). chart stands apart.
    { name: 'contract-at-the-bottom', severity: 'error', comment: 'the contract is the words every room speaks: it imports no other room of lib', from: { path: '^lib/contract/' }, to: { path: '^lib/(network|platform|browser|api|chart)/' } },
    { name: 'network-below-platform', severity: 'error', comment: 'the network path (proxy, guard, meter, pools) stands on the contract alone', from: { path: '^lib/network/' }, to: { path: '^lib/(platform|browser|api|chart)/' } },
    { name: 'platform-below-browser', severity: 'error', comment: 'the platform (configuration, store, billing, journal, telemetry) knows nothing of pages', from: { path: '^lib/platform/' }, to: { path: '^lib/(browser|api|chart)/' } },
    { name: 'browser-below-api', severity: 'error', comment: 'a session\'s browser work is handed the step catalogue; it never reaches up for it', from: { path: '^lib/browser/' }, to: { path: '^lib/(api|chart)/' } },
    { name: 'chart-apart', severity: 'error', comment: 'the state charts draw any machine definition and need nothing of the service', from: { path: '^lib/chart/' }, to: { path: '^lib/(contract|network|platform|browser|api)/' } },
    { name: 'injected-is-one-program', severity: 'error', comment: 'the code that runs in pages is bundled alone: it imports itself, the contract\'s shapes and the page libraries it bundles, never node code', from: { path: '^lib/browser/injected/' }, to: { pathNot: '^lib/browser/injected/|^lib/contract/|node_modules/(@duckduckgo/autoconsent|@mozilla/readability|dom-accessibility-api)/' } },
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
