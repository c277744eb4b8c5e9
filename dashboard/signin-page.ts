// Sign-in: the key is tried against the API before it is kept, so a wrong one shows the API's own message.
import { Api, ApiFailure } from './api.js';
import { h } from './dom.js';
import { keepKey } from './key.js';

/** The sign-in form; `onSignedIn` runs once a key was accepted and kept. */
export class SignInPage {
  readonly element: HTMLElement;

  constructor(onSignedIn: () => void) {
    const input = h('input', { id: 'key', name: 'key', type: 'password', autocomplete: 'off', spellcheck: 'false', required: true, placeholder: 'sk_live_…' });
    const error = h('p', { class: 'error', role: 'alert', id: 'signin-error' });
    const button = h('button', { type: 'submit', text: 'Sign in' });
    const form = h(
      'form',
      { class: 'signin', 'aria-describedby': 'signin-help' },
      h('h1', { text: 'Sign in' }),
      h('p', { id: 'signin-help', text: 'Your API key is kept in this tab only (sessionStorage) and sent with each API call.' }),
      h('label', { for: 'key', text: 'API key' }),
      input,
      button,
      error,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const key = input.value.trim();
      button.disabled = true;
      error.textContent = '';
      new Api(key)
        .get('/v1/sessions?limit=1')
        .then(() => {
          keepKey(key);
          onSignedIn();
        })
        .catch((failure: unknown) => {
          error.textContent = failure instanceof ApiFailure ? failure.message : 'The server could not be reached.';
          input.focus();
        })
        .finally(() => (button.disabled = false));
    });
    this.element = form;
    queueMicrotask(() => input.focus());
  }

  dispose(): void {}
}
