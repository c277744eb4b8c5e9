import { expect } from 'chai';
import { loggableStepMessage, REDACTED } from '../../../../lib/platform/telemetry/index.js';

describe('loggableStepMessage()', () => {
  it('replaces every string the step was given, however deep, longest first', () => {
    const params = { label: 'Country', fields: { Password: 'hunter22', Card: ['4111 1111', 'hunter'] } };
    const message = 'The select "Country" has no option "hunter22" (by value or text); 4111 1111 and hunter too';
    expect(loggableStepMessage('fill_form', message, params)).to.equal(
      `The select "${REDACTED}" has no option "${REDACTED}" (by value or text); ${REDACTED} and ${REDACTED} too`,
    );
  });

  it('reads its params literally, never as a pattern', () => {
    expect(loggableStepMessage('select', 'no option "a.b*(c"; axb stays', { value: 'a.b*(c' })).to.equal(`no option "${REDACTED}"; axb stays`);
  });

  it('replaces a value too long for one regular expression of them all', () => {
    const label = 'a'.repeat(60_000);
    expect(loggableStepMessage('upload', `No visible element matches the label "${label}"`, { label, files: ['https://x.test/a'] })).to.equal(
      `No visible element matches the label "${REDACTED}"`,
    );
  });

  it('removes the user:password part of any URL in the message', () => {
    expect(loggableStepMessage('goto', 'Could not reach http://bob:s3cret@proxy.test:8080/ (dns)', {})).to.equal(
      `Could not reach http://${REDACTED}@proxy.test:8080/ (dns)`,
    );
  });

  it('keeps a message that quotes nothing the user sent', () => {
    expect(loggableStepMessage('click', 'Element e7 is covered by another element', { ref: 'e12' })).to.equal('Element e7 is covered by another element');
  });

  it('withholds execute_js messages, which quote pieces of the code and what it threw', () => {
    expect(loggableStepMessage('execute_js', 'execute_js: the code threw Error: token-1234', { code: 'throw new Error("token-" + 1234)' })).to.equal(undefined);
  });
});
