// fast-check arbitraries for fuzzing request bodies: junk JSON, strings with the characters that
// break naive handling, and cookies and create bodies that are mostly almost right, so that a fair
// share decodes and reaches the browser.
import fc from 'fast-check';

/** Characters that break naive handling: controls, separators, quotes, non-ASCII, lone surrogates. */
const nastyChar = fc.constantFrom(
  '\0', '\t', '\n', '\r', '\x0b', '\x1f', '\x7f', '\x85', ' ', ';', '=', ',', '"', "'", '\\', '/', ':', '?', '#', '@', '%', '*', '!',
  '[', ']', '(', ')', '<', '>', '{', '}', '.', '..', '-', '_', '$', 'é', 'ß', '€', '😀', '\u00ad', '\u200d', '\u05d0', '\u0627',
  '\u2028', '\u3000', '\u3002', '\uff45', '\ufeff', '\uffff', '\ud800', '\udc00', '\u0301', '①',
);

/** A string from any part of Unicode, lone surrogates included, often built around the nasty characters. */
export const weirdString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.array(fc.oneof(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }), nastyChar), { maxLength: 10 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }).map((s) => s.repeat(1500)),
);

/** Numbers small enough to be valid somewhere, and ones far outside any bound. */
export const weirdNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -5, max: 200 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0.5, -0, 1e21, 1e300, -1e300, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE, 253_402_300_800),
);

/** Any JSON value, nested a little, made of weird strings and numbers. */
export const junk: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    weirdNumber,
    weirdString,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(weirdString, tie('value'), { maxKeys: 3 }),
  ),
})).value;


const token = fc.stringMatching(/^[!#$%&'*+\-.^_`|~0-9A-Za-z[\]]{1,10}$/);
const octets = fc.stringMatching(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]{0,16}$/);
const withNasty = (base: fc.Arbitrary<string>) => fc.tuple(base, nastyChar, base).map(([a, c, b]) => a + c + b);

/** Builds arbitraries that take `usual` most of the time and `odd` one time in `1 + every` (never when every is 0). */
const sometimes = (every: number) => <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  every === 0 ? usual : fc.oneof({ weight: every, arbitrary: usual }, { weight: 1, arbitrary: odd });

/** Labels a host name may have, IDN ones included, and ones it may not. */
const goodLabel = fc.oneof(
  { weight: 8, arbitrary: fc.stringMatching(/^[a-z0-9_][a-z0-9_-]{0,8}$/) },
  { weight: 1, arbitrary: fc.constantFrom('xn--bcher-kva', 'xn--zz', 'xn--a', 'bücher', 'straße', 'ＥＸＡＭＰＬＥ', '①', 'مثال', 'ex\u00adample', 'A-B', '-a', 'a-', 'b2') },
);
const oddLabel = fc.oneof(fc.constantFrom('a\u05d0', 'ex\u200dample', '0x7f', '256', '1', '01', ''), withNasty(fc.stringMatching(/^[a-z]{0,4}$/)));

/** Host names and IP addresses, and now and then junk, as cookie domains and URL hosts see them. */
function hosts(every: number): fc.Arbitrary<string> {
  const usually = sometimes(every);
  const name = fc.array(usually(goodLabel, oddLabel), { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
  return usually(
    fc.oneof({ weight: 8, arbitrary: name }, { weight: 1, arbitrary: fc.oneof(fc.ipV4(), fc.ipV6().map((a) => `[${a}]`)) }),
    fc.oneof(fc.ipV4Extended(), fc.ipV6(), weirdString, fc.integer({ min: 240, max: 300 }).map((n) => `${'a'.repeat(60)}.`.repeat(5).slice(0, n))),
  );
}

/** Cookie paths: ordinary ones, ones near Chromium's 1024-character limit, and now and then junk. */
function paths(every: number): fc.Arbitrary<string> {
  const usually = sometimes(every);
  const segment = usually(fc.stringMatching(/^[a-z0-9._~%!$&'()*+,=:@[\]-]{0,6}$/), withNasty(fc.stringMatching(/^[a-z]{0,3}$/)));
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(segment, { maxLength: 4 }).map((parts) => '/' + parts.join('/')) },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1010, max: 1030 }), fc.constantFrom('', 'é', 'ü€', '?', '|', '%', '^')).map(([n, c]) => '/' + 'x'.repeat(n) + c) },
    { weight: every === 0 ? 1 : 2, arbitrary: usually(fc.constantFrom('/', '/a/b/', '/é/ü', '/a%20b'), weirdString) },
  );
}

/** Cookie objects whose fields are each odd one time in `1 + every` (never when every is 0). */
function cookies(every: number): fc.Arbitrary<Record<string, unknown>> {
  const usually = sometimes(every);
  const url = fc
    .tuple(
      usually(fc.constantFrom('http://', 'https://'), fc.constantFrom('HTTPS://', 'ftp://', 'http:', '')),
      hosts(every),
      usually(fc.constantFrom('', '', ':8080'), fc.constantFrom(':0', ':99999')),
      paths(every),
    )
    .map(([scheme, h, port, path]) => scheme + h + port + path);
  return fc
    .record(
      {
        name: usually(
          fc.tuple(fc.constantFrom('', '', '', '', '', '', '__Secure-', '__Host-', '__Http-', '__Host-Http-', '__secure-', '__HOST-'), token).map(([p, n]) => p + n),
          fc.oneof(weirdString, withNasty(token)),
        ),
        value: usually(
          fc.oneof(
            { weight: 8, arbitrary: fc.oneof(octets, octets.map((v) => `"${v}"`), fc.string({ unit: 'grapheme', maxLength: 8 })) },
            { weight: 1, arbitrary: fc.integer({ min: 4080, max: 4100 }).map((n) => 'v'.repeat(n)) },
          ),
          fc.oneof(weirdString, withNasty(octets)),
        ),
        domain: fc
          .tuple(fc.constantFrom('', '.'), hosts(every), usually(fc.constant(''), fc.constantFrom('.', '..', ':80', '/x', '..')))
          .map(([a, h, b]) => a + h + b),
        url,
        path: paths(every),
        expires: usually(fc.oneof(fc.constant(-1), fc.integer({ min: 1_900_000_000, max: 2_100_000_000 }), fc.integer({ min: 0, max: 1_000_000_000 })), weirdNumber),
        httpOnly: fc.boolean(),
        secure: fc.boolean(),
        sameSite: usually(fc.constantFrom('Strict', 'Lax', 'None'), fc.constantFrom('lax', 'none', '')),
        // Which of domain and url to send: one, as a real client does, or now and then both or neither.
        target: usually(fc.constantFrom('domain', 'url'), fc.constantFrom('both', 'neither')),
        // secure and path beside a url are refused (Playwright takes both from it), so they mostly come with a domain.
        beside: usually(fc.constant(false), fc.constant(true)),
      },
      { requiredKeys: ['name', 'value', 'domain', 'url', 'target', 'beside'] },
    )
    .map(({ domain, url: u, path, secure, target, beside, ...rest }) => ({
      ...rest,
      ...(target === 'domain' || target === 'both' ? { domain } : {}),
      ...(target === 'url' || target === 'both' ? { url: u } : {}),
      ...(path !== undefined && (target !== 'url' || beside) ? { path } : {}),
      ...(secure !== undefined && (target !== 'url' || beside) ? { secure } : {}),
    }));
}

/**
 * A cookie object: half of them plausible (prefixes, values and paths near Chromium's limits,
 * IDN and IP domains), half with an odd field here and there.
 */
export const cookieish: fc.Arbitrary<Record<string, unknown>> = fc.oneof(cookies(0), cookies(4));
const plausibleCookie = cookies(0);

/** Small numbers for every time-like field: a fuzzed step may be valid, but must not wait for long. */
const brief = fc.oneof(fc.integer({ min: 0, max: 200 }), junk);
const text = fc.oneof(weirdString, fc.constantFrom('Reload', 'body', '#main', 'e1', 'e2', 'h1', 'a >> b', 'js >> 1', 'https://a.test/f.txt'));
const anyParam = fc.oneof(text, fc.integer({ min: -2, max: 200 }), fc.boolean(), junk);

/** Each step's fields (interface.md 4.4), with the ones that bound its time forced small. */
const STEP_FIELDS: Record<string, { fields: string[]; time?: string }> = {
  goto: { fields: ['url'], time: 'wait_timeout' },
  observe: { fields: ['format', 'mode', 'include_page_map', 'include_links', 'scope', 'max_text_length'] },
  click: { fields: ['ref', 'text', 'label'] },
  fill: { fields: ['ref', 'text', 'label', 'value'] },
  type: { fields: ['ref', 'text', 'label', 'value'], time: 'delay' },
  select: { fields: ['ref', 'text', 'label', 'value'] },
  check: { fields: ['ref', 'text', 'label', 'checked'] },
  scroll: { fields: ['amount', 'times', 'to', 'direction', 'ref'] },
  scroll_collect: { fields: ['max_scrolls', 'wait_ms', 'max_text_length'], time: 'timeout_ms' },
  screenshot: { fields: ['full_page', 'format', 'quality', 'selector'] },
  wait: { fields: ['ms', 'selector', 'text', 'until'], time: 'timeout' },
  extract: { fields: ['fields', 'refresh_selectors'] },
  upload: { fields: ['ref', 'text', 'label', 'files'] },
  pdf: { fields: ['format', 'landscape', 'print_background', 'scale', 'margin'] },
  fill_form: { fields: ['fields', 'submit'] },
  execute_js: { fields: ['code', 'result_key'], time: 'timeout' },
  close: { fields: [] },
};

/** A step: a known type with random params (time fields small). */
const randomStep: fc.Arbitrary<unknown> = fc.constantFrom(...Object.keys(STEP_FIELDS)).chain((name) => {
  const { fields, time } = STEP_FIELDS[name]!;
  // wait's ms is a time too: kept small like the rest.
  const params = fc.record(Object.fromEntries(fields.map((field) => [field, field === 'ms' ? brief : anyParam])), { requiredKeys: [] });
  return (time ? fc.tuple(params, brief).map(([p, t]) => ({ ...p, [time]: t })) : params).map((p) => ({ [name]: p }));
});

/** Steps that decode and end quickly on any page. */
const quickStep = fc.constantFrom(
  { observe: {} }, { observe: { mode: 'full', include_links: true } }, { wait: { ms: 1 } }, { scroll: { direction: 'down' } }, { screenshot: {} },
  { goto: { url: 'http://127.0.0.1:9/', wait_timeout: 100 } }, { extract: { fields: { title: 'h1' } } }, { execute_js: { code: 'return 1', timeout: 100 } }, { close: {} },
);

const USER_AGENTS = ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 'curl/8.0', 'é'.repeat(1024), '\u{1F600} agent'];
// Each list: tags and zones the codec takes (Chromium may still judge some otherwise), then ones it refuses.
const LOCALES = ['en-US', 'de-at', 'und', 'zh-Hant-TW', 'en-u-ca-xyz', 'qaa', 'tlh', 'en-US-u-nu-thai', 'de-DE-1996', 'sr-Latn', 'ja-JP-u-ca-japanese'];
const BAD_LOCALES = ['x-foo', 'root', 'i-klingon', 'en_US', ''];
const ZONES = ['Europe/Paris', 'america/new_york', 'EST', 'Etc/GMT+5', 'Factory', 'SystemV/AST4', 'US/Pacific-New', 'Europe/Kyiv', 'ROC', 'UTC', 'Asia/Kathmandu'];
const BAD_ZONES = ['Mars/Olympus', '+01:00', 'Europe/../Paris', ''];
const URLS = ['http://127.0.0.1:9/', 'http://localhost:9/x', 'https://a.test/', 'about:blank', 'javascript:alert(1)', 'file:///etc/passwd', 'http://[::1]:9/', 'http://0x7f.1:9/', 'data:text/html,hi', 'example.com'];
const PROXIES = ['socks5://127.0.0.1:9', 'http://u:p@127.0.0.1:9', 'https://localhost:9', 'http://10.0.0.1:8080'];

/** Create bodies whose fields are each junk one time in `1 + every` (never when every is 0). */
function bodies(every: number, cookie: fc.Arbitrary<unknown>, step: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const usually = sometimes(every);
  const or = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> => usually<unknown>(valid, junk);
  return fc.record(
    {
      url: or(fc.constantFrom(...URLS)),
      steps: or(fc.array(or(step), { maxLength: 2 })),
      timeout: or(usually<number>(fc.integer({ min: 10, max: 1800 }), weirdNumber)),
      viewport: or(fc.record({ width: usually<number>(fc.integer({ min: 200, max: 7680 }), weirdNumber), height: usually<number>(fc.integer({ min: 200, max: 4320 }), weirdNumber) }, { requiredKeys: [] })),
      proxy: or(
        usually<unknown>(
          fc.oneof(fc.record({ kind: fc.constantFrom('datacenter', 'residential'), country: fc.constantFrom('auto', 'de', 'us', 'eu', 'zz') }, { requiredKeys: [] }), fc.constantFrom(...PROXIES)),
          fc.oneof(fc.record({ kind: weirdString, country: weirdString }, { requiredKeys: [] }), weirdString, fc.constant('socks4://a.test')),
        ),
      ),
      block_resources: or(fc.subarray(['image', 'font', 'stylesheet', 'script', 'media'])),
      auto_dismiss_blockers: or(fc.boolean()),
      trace: or(fc.boolean()),
      page: or(fc.constantFrom('full', 'light')),
      user_agent: or(usually(fc.constantFrom(...USER_AGENTS), weirdString)),
      locale: or(usually(fc.constantFrom(...LOCALES), fc.oneof(fc.constantFrom(...BAD_LOCALES), weirdString))),
      timezone: or(usually(fc.constantFrom(...ZONES), fc.oneof(fc.constantFrom(...BAD_ZONES), weirdString))),
      cookies: or(fc.array(or(cookie), { maxLength: 4 })),
    },
    { requiredKeys: [] },
  );
}

/**
 * A create body (interface.md 4.1): every field optional and usually plausible, cookies in
 * particular; the odd field junk, now and then a field that does not exist, or no object at all.
 */
export const createBodyish: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: bodies(0, plausibleCookie, fc.oneof({ weight: 3, arbitrary: quickStep }, { weight: 1, arbitrary: randomStep })) },
  { weight: 4, arbitrary: bodies(6, cookieish, randomStep) },
  { weight: 1, arbitrary: fc.tuple(bodies(6, cookieish, randomStep), weirdString, junk).map(([body, key, value]) => ({ ...body, [key]: value })) },
  { weight: 1, arbitrary: junk },
);
