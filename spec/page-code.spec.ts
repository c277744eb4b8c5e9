import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// This file runs as dist/spec/page-code.spec.js; the sources are two folders up.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where the one program that runs in pages lives, and the one function of it node hands over. */
const INJECTED = 'lib/browser/injected/';
const BRIDGE = `${INJECTED}bridge.ts`;
const ALLOWED_FUNCTION = 'callProgram';

/** Methods of Playwright's page, frame, handle, locator and context that run what they are given in a page. */
const RUNS_IN_PAGE = new Set(['evaluate', 'evaluateHandle', 'evaluateAll', 'waitForFunction', 'addInitScript', '$eval', '$$eval']);
/** CDP commands, and the field of each, that run code in a page. */
const CDP_CODE: Record<string, string> = {
  'Runtime.evaluate': 'expression',
  'Runtime.callFunctionOn': 'functionDeclaration',
  'Runtime.compileScript': 'expression',
  'Page.addScriptToEvaluateOnNewDocument': 'source',
};

/**
 * Where service code (everything the root tsconfig compiles, outside lib/browser/injected) hands a
 * page code of its own: a function given to a method that runs it in the page, a function turned
 * into text (template, toString, String), or code written as a literal for evaluate or CDP. Only
 * the bridge's callProgram may cross as a function; code given as text must come from somewhere
 * else (the program's bundles, a user's step). A literal that is a bare number (a liveness probe
 * evaluating nothing) is no code.
 */
export function pageCodeOutside(program: ts.Program, root: string): string[] {
  const checker = program.getTypeChecker();
  const found: string[] = [];
  const callable = (node: ts.Expression): boolean => checker.getTypeAtLocation(node).getCallSignatures().length > 0;
  const isBridge = (node: ts.Expression): boolean => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    return symbol?.name === ALLOWED_FUNCTION && declaration !== undefined && declaration.getSourceFile().fileName.endsWith(BRIDGE);
  };
  const literalCode = (node: ts.Expression): boolean =>
    (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !/^\s*\d+\s*$/.test(node.text);

  for (const file of program.getSourceFiles()) {
    const path = file.fileName.startsWith(root) ? file.fileName.slice(root.length) : null;
    if (path === null || path.includes('node_modules') || path.startsWith(INJECTED) || file.isDeclarationFile) continue;
    const report = (node: ts.Node, what: string): void => {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${path}:${line + 1}: ${what}: ${node.getText().slice(0, 80)}`);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        if (RUNS_IN_PAGE.has(method)) {
          for (const arg of node.arguments) {
            if (callable(arg) && !isBridge(arg)) report(arg, `a function given to ${method}`);
            else if (literalCode(arg)) report(arg, `code written for ${method}`);
          }
        }
        if (method === 'toString' && node.arguments.length === 0 && callable(node.expression.expression) && !isBridge(node.expression.expression)) {
          report(node, 'a function turned into text');
        }
        const [command, params] = node.arguments;
        if (method === 'send' && command && ts.isStringLiteral(command) && CDP_CODE[command.text] && params && ts.isObjectLiteralExpression(params)) {
          for (const property of params.properties) {
            if (ts.isPropertyAssignment(property) && property.name.getText() === CDP_CODE[command.text] && literalCode(property.initializer)) {
              report(property.initializer, `code written for ${command.text}`);
            }
          }
        }
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'String') {
        for (const arg of node.arguments) if (callable(arg) && !isBridge(arg)) report(arg, 'a function turned into text');
      }
      if (ts.isTemplateSpan(node) && callable(node.expression) && !isBridge(node.expression)) report(node.expression, 'a function turned into text');
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

/**
 * The service's program, as the root tsconfig compiles it, plus one extra file `path` holding
 * `source`: a module nothing imports, so the service's own files read as they do without it. Both
 * tests read one program and one scan of it, since type-checking the whole service is what takes
 * this file its time.
 */
function serviceProgramWith(path: string, source: string): ts.Program {
  const { config } = ts.readConfigFile(`${ROOT}tsconfig.json`, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const options = { ...parsed.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const full = `${ROOT}${path}`;
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => (name === full ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === full || fileExists(name);
  return ts.createProgram({ rootNames: [...parsed.fileNames, full], options, host });
}

/** Service code that hands the page code of its own on lines 5 to 11, and on lines 12 to 14 does not. */
const FIXTURE = 'lib/browser/fixture-page-code.ts';
const FIXTURE_SOURCE = [
  "import type { Page, BrowserContext } from 'playwright';",
  "import { callProgram } from './injected/bridge.js';",
  'const inPage = (x: number): number => x + 1;',
  'export async function bad(page: Page, context: BrowserContext, cdp: { send(m: string, p: object): Promise<unknown> }): Promise<void> {',
  '  await page.evaluate(() => document.title);',
  '  await page.evaluate(inPage, 1);',
  "  await page.evaluate('document.title');",
  '  await context.addInitScript(function () { return 1; });',
  '  await page.evaluate(`(${inPage.toString()})(1)`);',
  '  await page.evaluate(`(${String(inPage)})(1)`);',
  "  await cdp.send('Runtime.evaluate', { expression: 'location.href' });",
  '  await page.evaluate(callProgram, [1]);',
  "  await cdp.send('Runtime.evaluate', { expression: `(${callProgram.toString()})()` });",
  "  await cdp.send('Runtime.evaluate', { expression: '0' });",
  '}',
].join('\n');

describe('code that runs in the page', function () {
  this.timeout(120_000);
  let program: ts.Program;
  let found: string[];
  const inFixture = (line: string): boolean => line.startsWith(`${FIXTURE}:`);

  before(() => {
    program = serviceProgramWith(FIXTURE, FIXTURE_SOURCE);
    found = pageCodeOutside(program, ROOT);
  });

  it('lives in lib/browser/injected alone: service code hands a page no function but callProgram, and writes no page code of its own', () => {
    expect(program.getSourceFiles().filter((file) => file.fileName.startsWith(`${ROOT}lib/browser/`)).length, 'files read').to.be.above(50);
    expect(found.filter((line) => !inFixture(line))).to.deep.equal([]);
  });

  it('is found wherever service code would still write it', () => {
    // Lines 5 to 11 each hand the page code of their own; 12 to 14 do not.
    expect(found.filter(inFixture).map((line) => line.split(':')[1])).to.deep.equal(['5', '6', '7', '8', '9', '10', '11']);
  });
});
