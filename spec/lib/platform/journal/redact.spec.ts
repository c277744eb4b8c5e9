import { expect } from 'chai';
import { codeExcerpt, redactStepMessage, redactStepParams, redactUrl } from '../../../../lib/platform/journal/redact.js';
import { statePath } from '../../../../lib/platform/journal/transitions.js';

describe('redactStepParams()', () => {
  it('redacts what fill and type put into a field, keeping the target', () => {
    for (const step of ['fill', 'type']) {
      const { params, secrets } = redactStepParams(step, { ref: 'e3', value: 's3cret-pass', delay: 50 });
      expect(params, step).to.deep.equal({ ref: 'e3', value: '[redacted]', delay: 50 });
      expect(secrets, step).to.deep.equal(['s3cret-pass']);
    }
  });

  it('redacts the text values of fill_form and keeps checkboxes and selects', () => {
    const { params, secrets } = redactStepParams('fill_form', { fields: { Email: 'me@x.test', Password: 'pw-123456', Remember: true, Colours: ['red'] }, submit: true });
    expect(params).to.deep.equal({ fields: { Email: '[redacted]', Password: '[redacted]', Remember: true, Colours: ['red'] }, submit: true });
    expect(secrets).to.have.members(['me@x.test', 'pw-123456']);
  });

  it('keeps only an excerpt of JavaScript', () => {
    const code = `const token = 'x';${' '.repeat(100)}return 'SECRET-TAIL';`;
    const { params } = redactStepParams('execute_js', { code, timeout: 5000 });
    expect((params as { code: string }).code).to.equal(`${code.slice(0, 80)}…`).and.not.include('SECRET-TAIL');
    expect(redactStepParams('wait', { until: code }).params).to.deep.equal({ until: codeExcerpt(code) });
    expect(codeExcerpt('return 1')).to.equal('return 1');
  });

  it('takes user:password@ out of URLs', () => {
    expect(redactStepParams('goto', { url: 'https://bob:pw@site.test/a', wait_timeout: 10 }).params).to.deep.equal({ url: 'https://[redacted]@site.test/a', wait_timeout: 10 });
    expect(redactStepParams('upload', { ref: 'e1', files: ['https://u:p@files.test/a.pdf'] }).params).to.deep.equal({ ref: 'e1', files: ['https://[redacted]@files.test/a.pdf'] });
    expect(redactUrl('http://site.test/x')).to.equal('http://site.test/x');
  });

  it('leaves other steps as they are', () => {
    expect(redactStepParams('click', { text: 'Sign in' })).to.deep.equal({ params: { text: 'Sign in' }, secrets: [] });
  });
});

describe('redactStepMessage()', () => {
  it('takes out what a step typed and the code it ran, execute_js messages withheld', () => {
    expect(redactStepMessage('fill', 'could not fill "abc-secret" into e3', { ref: 'e3', value: 'abc-secret' })).to.equal('could not fill "[redacted]" into e3');
    expect(redactStepMessage('fill_form', 'no field "Email" took "me@x.test"', { fields: { Email: 'me@x.test' } })).to.equal('no field "Email" took "[redacted]"');
    expect(redactStepMessage('wait', 'wait failed: document.ready === 1 threw', { until: 'document.ready === 1' })).to.equal('wait failed: [redacted] threw');
    expect(redactStepMessage('goto', 'Could not reach http://bob:pw@site.test/', { url: 'http://bob:pw@site.test/' })).to.equal('Could not reach http://[redacted]@site.test/');
    expect(redactStepMessage('execute_js', "SyntaxError near 'let pw = 1'", { code: 'let pw = 1' })).not.to.include('pw');
  });

  it('keeps the text a step targets: it is the user\'s own selector, not a secret', () => {
    expect(redactStepMessage('click', 'No visible element has the text "Sign in"', { text: 'Sign in' })).to.equal('No visible element has the text "Sign in"');
    expect(redactStepMessage('select', 'no option "Mars" in e4', { ref: 'e4', value: 'Mars' })).to.equal('no option "Mars" in e4');
  });
});

describe('statePath()', () => {
  it('writes nested state values as dotted paths', () => {
    expect(statePath({ active: 'idle' })).to.equal('active.idle');
    expect(statePath('ending')).to.equal('ending');
    expect(statePath({ active: { human: 'waiting' } })).to.equal('active.human.waiting');
  });
});
