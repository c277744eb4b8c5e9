// What a session's context is made with beyond its viewport and User-Agent (which the create's
// codec already gave a device's values): the device's scale, touch and mobile layout, the
// position the browser reports and what its pages may use. Descriptors Playwright made for WebKit
// or Firefox (iPhone, Desktop Firefox) apply the same way in Chromium: their viewport, scale,
// User-Agent, touch and mobile layout, never their engine's behaviour.
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright';
import { deviceDescriptor, type DeviceDescriptor } from '../../contract/request/device.js';
import type { JournalInput } from '../../platform/journal/events.js';
import type { ContextSettings } from './settings.js';

/** The descriptor of the device `settings` emulate, if any. */
export function deviceOf(settings: ContextSettings): DeviceDescriptor | undefined {
  return settings.device === undefined ? undefined : deviceDescriptor(settings.device);
}

/**
 * The User-Agent a session sends: `given`, except that a Chrome User-Agent a device supplied gets
 * the running engine's major version, reduced as Chrome sends it (`Chrome/156.0.0.0`). Playwright's
 * descriptors name the Chrome Playwright ships, and a page comparing the User-Agent with what the
 * engine does (its features, its client hints' brands) would see two browsers. One the caller wrote
 * is theirs, sent as written.
 */
export function sessionUserAgent(settings: ContextSettings, browserVersion: string): string | undefined {
  const given = settings.user_agent;
  const device = deviceOf(settings);
  if (!given || !device || given !== device.userAgent) return given;
  return given.replace(/Chrome\/\d+(?:\.\d+)*/, `Chrome/${browserVersion.split('.')[0]}.0.0.0`);
}

/** The options of browser.newContext that `settings`' device, geolocation and permissions give. */
export function emulationOptions(settings: ContextSettings): Pick<BrowserContextOptions, 'deviceScaleFactor' | 'isMobile' | 'hasTouch' | 'geolocation' | 'permissions'> {
  const device = deviceOf(settings);
  // A position given is a position to be read: its permission comes with it, as a user expects.
  const permissions = new Set<string>([...(settings.permissions ?? []), ...(settings.geolocation ? ['geolocation'] : [])]);
  return {
    ...(device ? { deviceScaleFactor: device.deviceScaleFactor, isMobile: device.isMobile, hasTouch: device.hasTouch } : {}),
    ...(settings.geolocation ? { geolocation: { ...settings.geolocation } } : {}),
    ...(permissions.size > 0 ? { permissions: [...permissions] } : {}),
  };
}

/** The journal's `device` event for a session opened with `settings`, or undefined when it emulates none. */
export function deviceEvent(settings: ContextSettings | undefined): JournalInput | undefined {
  const device = settings ? deviceOf(settings) : undefined;
  if (!settings?.device || !device) return undefined;
  const { width, height } = settings.viewport;
  return { type: 'device', name: settings.device, width, height, scale: device.deviceScaleFactor, mobile: device.isMobile, touch: device.hasTouch };
}

// Playwright keeps a context's options to itself, so the driver notes here the contexts it made with touch.
const touchContexts = new WeakSet<BrowserContext>();

/** Notes that `context` was made with touch: its pages' clicks become taps. */
export function markTouch(context: BrowserContext): void {
  touchContexts.add(context);
}

/** Whether `page` belongs to a context made with touch (a mobile device's): a click there is a tap. */
export function usesTouch(page: Page): boolean {
  return touchContexts.has(page.context());
}
