export { SelectorCache, type CacheKey } from './cache.js';
export { chatCompletion, type ChatMessage, type ChatReply } from './provider.js';
export { AiResolveError, resolveAiSelector, cleanSelector, RESOLVE_LIMIT_MS } from './resolve.js';
export { bindAi, aiBinding, recordAiUsage, takeAiUsage, type AiBinding, type AiUsage } from './session.js';
