// The strings a request may carry, each with its bound, stated once here: the API document shows
// it (maxLength) and a longer value is a 400 naming its field before anything runs. The bounds
// are far above what real use needs; they keep one request from handing the page, the journal,
// the log or the redaction of secrets megabytes of text.
import { text, urlWithScheme } from './codec/index.js';

/** The longest URL a request may carry: 32 KiB, the most that CDNs such as Cloudflare pass on. */
export const MAX_URL_LENGTH = 32_768;
/** The longest CSS selector (wait_for, scope, screenshot and extract selectors). */
export const MAX_SELECTOR_LENGTH = 10_000;
/** The longest JavaScript a step may carry (execute_js code, wait's until, goto's wait_until). */
export const MAX_SCRIPT_LENGTH = 100_000;
/** The longest way to name an element (ref, text, label): words a page shows. */
export const MAX_TARGET_LENGTH = 2_000;
/** The longest value written into a field by fill, fill_form or select. */
export const MAX_VALUE_LENGTH = 100_000;
/** The longest text type presses key by key, as long as a live view's text event. */
export const MAX_TYPED_LENGTH = 10_000;
/** The longest name a caller gives to what a step returns (extract field names, execute_js result_key). */
export const MAX_NAME_LENGTH = 256;

/** A URL as a step or create names a page: checked for its scheme where it is opened, bounded here. */
export const pageUrl = text(MAX_URL_LENGTH);

/** An http(s) URL the service fetches itself (upload's files, cookie URLs). */
export const httpUrl = urlWithScheme(['http', 'https'], 'an http or https URL', MAX_URL_LENGTH);

/** A CSS selector. */
export const selectorText = text(MAX_SELECTOR_LENGTH);

/** A JavaScript expression or function body. */
export const scriptText = text(MAX_SCRIPT_LENGTH);

/** A ref, a visible text or a label naming an element. */
export const targetText = text(MAX_TARGET_LENGTH);

/** A value for a field; may be empty (to clear it). */
export const valueText = text(MAX_VALUE_LENGTH, { empty: true });

/** A name a caller gives to a result. */
export const nameText = text(MAX_NAME_LENGTH);
