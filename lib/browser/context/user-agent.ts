import type { CDPSession } from 'playwright';

/** An identity: the User-Agent and the client hints that must agree with it. */
export interface Identity {
  userAgent: string;
  platform: 'Windows' | 'macOS' | 'Linux' | 'Android' | 'iOS';
  platformVersion: string;
  architecture: string;
  /** A phone's or tablet's (a mobile device's): navigator.userAgentData.mobile and Sec-CH-UA-Mobile say so. */
  mobile: boolean;
  /** The device model an Android User-Agent names (Sec-CH-UA-Model); '' for others. */
  model: string;
}

type Desktop = Omit<Identity, 'userAgent' | 'mobile' | 'model'> & { os: string };

const PLATFORMS: readonly Desktop[] = [
  { platform: 'Windows', platformVersion: '15.0.0', architecture: 'x86', os: 'Windows NT 10.0; Win64; x64' },
  { platform: 'Windows', platformVersion: '10.0.0', architecture: 'x86', os: 'Windows NT 10.0; Win64; x64' },
  { platform: 'macOS', platformVersion: '14.6.1', architecture: 'arm', os: 'Macintosh; Intel Mac OS X 10_15_7' },
  { platform: 'macOS', platformVersion: '15.1.0', architecture: 'arm', os: 'Macintosh; Intel Mac OS X 10_15_7' },
  { platform: 'Linux', platformVersion: '6.8.0', architecture: 'x86', os: 'X11; Linux x86_64' },
];

let turn = Math.floor(Math.random() * PLATFORMS.length);

/**
 * The next identity of the rotating pool, for the running Chromium's major version. Browsers
 * send a reduced UA (`Chrome/156.0.0.0`) since 2023, so that is what a real one looks like.
 */
export function nextIdentity(browserVersion: string): Identity {
  const major = browserVersion.split('.')[0] ?? '0';
  const base = PLATFORMS[turn++ % PLATFORMS.length]!;
  return {
    userAgent: `Mozilla/5.0 (${base.os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
    platform: base.platform,
    platformVersion: base.platformVersion,
    architecture: base.architecture,
    mobile: false,
    model: '',
  };
}

/**
 * The platform a given UA claims (the caller's own, or a device's), so the client hints can agree
 * with it where possible; `mobile` for a device that is one (its descriptor says so, not the UA).
 */
export function identityOf(userAgent: string, mobile = false): Identity {
  const android = /Android (\d+(?:\.\d+)*)(?:; ([^;)]+))?/.exec(userAgent);
  if (android) return { userAgent, platform: 'Android', platformVersion: android[1]!, architecture: 'arm', mobile, model: android[2]?.trim() ?? '' };
  const ios = /(?:iPhone|iPad|CPU) OS (\d+(?:_\d+)*)/.exec(userAgent);
  if (ios) return { userAgent, platform: 'iOS', platformVersion: ios[1]!.replaceAll('_', '.'), architecture: 'arm', mobile, model: '' };
  const platform = /Windows/.test(userAgent) ? 'Windows' : /Mac OS X|Macintosh/.test(userAgent) ? 'macOS' : 'Linux';
  const base = PLATFORMS.find((p) => p.platform === platform)!;
  return { userAgent, platform, platformVersion: base.platformVersion, architecture: base.architecture, mobile, model: '' };
}

/** navigator.platform as each platform's browser reports it. */
function navigatorPlatform(identity: Identity): string {
  switch (identity.platform) {
    case 'Windows':
      return 'Win32';
    case 'macOS':
      return 'MacIntel';
    case 'Android':
      return 'Linux armv8l';
    case 'iOS':
      return /iPad/.test(identity.userAgent) ? 'iPad' : 'iPhone';
    default:
      return 'Linux x86_64';
  }
}

/** Chrome's GREASE brand for a major version, as Chromium computes it (the not-a-brand string rotates). */
function brands(major: string): Array<{ brand: string; version: string }> {
  const grease = ['Not)A;Brand', 'Not/A)Brand', 'Not.A/Brand', 'Not;A=Brand', 'Not:A-Brand', 'Not=A?Brand', 'Not_A Brand'];
  const n = Number(major) || 0;
  return [
    { brand: 'Chromium', version: major },
    { brand: 'Google Chrome', version: major },
    { brand: grease[n % grease.length]!, version: ['8', '99', '24'][n % 3]! },
  ];
}

/**
 * Applies the identity to a page through CDP, so the User-Agent header, navigator.userAgent,
 * navigator.userAgentData and the Sec-CH-UA headers all tell the same story. A User-Agent of
 * another browser (a device's Safari, a caller's Firefox) claims no Chromium brand, but its
 * platform and mobile still agree with it: Chromium cannot hide userAgentData as those browsers lack it.
 */
export async function applyIdentity(session: CDPSession, identity: Identity, locale?: string): Promise<void> {
  const major = /Chrome\/(\d+)/.exec(identity.userAgent)?.[1];
  const claimed = major ? brands(major) : [];
  await session.send('Emulation.setUserAgentOverride', {
    userAgent: identity.userAgent,
    acceptLanguage: locale,
    platform: navigatorPlatform(identity),
    userAgentMetadata: {
      brands: claimed,
      fullVersionList: claimed.map((b) => ({ ...b, version: b.brand.startsWith('Not') ? `${b.version}.0.0.0` : `${major}.0.0.0` })),
      platform: identity.platform,
      platformVersion: identity.platformVersion,
      architecture: identity.architecture,
      model: identity.model,
      mobile: identity.mobile,
      bitness: '64',
      wow64: false,
    },
  });
}
