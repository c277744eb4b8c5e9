import type { Page } from 'playwright';
import type { SelectorCache } from './cache.js';
import type { AiProvider } from '../../platform/config/services.js';

/** Tokens spent on AI selector resolution (prompt plus completion is what is billed). */
export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
}

/** What the session layer tells lib/browser/ai about a page: whose it is, where resolutions are cached, which provider answers. */
export interface AiBinding {
  accountId: string;
  /** Null: resolutions are not cached (no store, or no account to key them by). */
  cache: SelectorCache | null;
  /** The configured provider (AI_BASE_URL, ...); null: `ai >>` fails saying none is configured. */
  provider: AiProvider | null;
}

interface AiState {
  binding: AiBinding | null;
  usage: AiUsage;
}

// Keyed by the session's page, which lives exactly as long as the session's browser context.
const states = new WeakMap<Page, AiState>();

function stateOf(page: Page): AiState {
  let state = states.get(page);
  if (!state) states.set(page, (state = { binding: null, usage: { promptTokens: 0, completionTokens: 0 } }));
  return state;
}

/** Ties a session's page to its account and the selector cache; call once when the page is opened. */
export function bindAi(page: Page, binding: AiBinding): void {
  stateOf(page).binding = binding;
}

/** The page's binding, or null when none was made (no provider, no cache). */
export function aiBinding(page: Page): AiBinding | null {
  return stateOf(page).binding;
}

/** Adds spent tokens to the page's counter. */
export function recordAiUsage(page: Page, promptTokens: number, completionTokens: number): void {
  const { usage } = stateOf(page);
  usage.promptTokens += promptTokens;
  usage.completionTokens += completionTokens;
}

/** Returns the tokens spent on the page since the last call and resets the counter (read once per act). */
export function takeAiUsage(page: Page): AiUsage {
  const state = stateOf(page);
  const usage = state.usage;
  state.usage = { promptTokens: 0, completionTokens: 0 };
  return usage;
}
