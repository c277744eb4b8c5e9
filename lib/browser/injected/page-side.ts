// The program's calls as the page implements them: the protocol's ElementRef is an Element here.
import type { ElementCalls, ElementRef, PageCalls } from './protocol.js';
import type { RefStore, Resolved } from './walk/refs.js';

/** What a value of the protocol is on the page's side: an ElementRef is an Element. */
type PageSide<T> = T extends ElementRef ? Element : T extends readonly unknown[] ? { -readonly [K in keyof T]: PageSide<T[K]> } : T;
type Implemented<F> = F extends (...args: infer A) => infer R
  ? (...args: { [K in keyof A]: PageSide<A[K]> }) => R extends Promise<infer P> ? Promise<PageSide<P>> : PageSide<R>
  : never;
type OnElement<F> = F extends (...args: infer A) => infer R
  ? (el: Element, ...args: { [K in keyof A]: PageSide<A[K]> }) => R extends Promise<infer P> ? Promise<PageSide<P>> : PageSide<R>
  : never;

/** The page's side of ElementCalls. */
export type ElementCallsInPage = { [M in keyof ElementCalls]: OnElement<ElementCalls[M]> };

/** The installed object: the protocol's calls, its element part, and what a frame's copy asks of the top window's. */
export type ProgramApi = { [M in keyof PageCalls]: Implemented<PageCalls[M]> } & {
  element: ElementCallsInPage;
  /** This copy's ref store; a copy in a frame defers to the top window's. */
  readonly refs: RefStore;
  /** Where ref's element lives, from the top document. */
  resolve(ref: string): Resolved | null;
};
