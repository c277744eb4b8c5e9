import type { FormInfo } from '../../../contract/response/page.js';
import type { WalkCache } from './cache.js';

const METHODS = new Set(['get', 'post', 'dialog']);

/**
 * A form as the contract shows it. Attributes are read with getAttribute because a control named
 * `action`, `method` or `id` shadows the form's own properties.
 */
export function formInfo(cache: WalkCache, form: Element, ref: string, fields: string[]): FormInfo {
  const action = form.getAttribute('action');
  const method = (form.getAttribute('method') ?? '').trim().toLowerCase();
  return {
    ref,
    id: form.getAttribute('id') ?? '',
    action: action && action.trim() ? cache.absolute(action, form.ownerDocument) || form.ownerDocument.URL : form.ownerDocument.URL,
    method: METHODS.has(method) ? method : 'get',
    fields,
  };
}
