// The names the program keeps its state under in a page: one convention for every page global,
// registered symbols (Symbol.for), which page scripts do not come across by enumerating the window.
// Free of imports, so every part of the program and node reach it without a loop.

/** The program's API lives at globalThis[Symbol.for(PROGRAM_KEY)]: a registered symbol, invisible to enumeration. */
export const PROGRAM_KEY = 'tabwright';

/** The parts that start with every document, before its own scripts, each keeping its state under Symbol.for(partKey(part)). */
export type BootPart = 'hooks' | 'clock' | 'input' | 'consent';

/** The registered symbol's name a bootstrap part keeps its state under. */
export const partKey = (part: BootPart): string => `${PROGRAM_KEY}.${part}`;
