// Upper bounds the contract leaves open. They exist so one request cannot hold a session, a
// worker or the server's memory for unbounded time: every wait stays within ten minutes (longer
// than the longest session a plan allows is pointless anyway), every repeat count and text
// budget within what a page can reasonably produce.

/** Longest wait of any kind, in ms (wait ms and timeout, goto wait_timeout, scroll_collect budgets). */
export const MAX_WAIT_MS = 600_000;
/** Longest pause between typed characters, in ms. */
export const MAX_TYPE_DELAY_MS = 10_000;
/** Largest max_text_length of observe and scroll_collect, in characters. */
export const MAX_TEXT_LENGTH = 1_000_000;
/** Largest scroll_collect max_scrolls. */
export const MAX_SCROLLS = 1_000;
/** Largest scroll amount, in pixels. */
export const MAX_SCROLL_AMOUNT = 100_000;
/** Largest scroll repeat count. */
export const MAX_SCROLL_TIMES = 100;
/** Most files one upload step may attach (each is downloaded by the server). */
export const MAX_UPLOAD_FILES = 20;
/** Largest `_limit` beside `_parent` in an extract selector. */
export const MAX_EXTRACT_LIMIT = 10_000;
/** Deepest nesting of `[{_parent, ...}]` in an extract selector; guards the recursion. */
export const MAX_EXTRACT_DEPTH = 10;
/** Most options one select step may choose in a <select multiple>. */
export const MAX_SELECT_VALUES = 100;
