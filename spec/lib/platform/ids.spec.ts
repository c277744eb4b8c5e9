import { expect } from 'chai';
import { isSessionId, newSessionId, sessionNode } from '../../../lib/platform/ids.js';

describe('session ids', () => {
  it('name the node that runs the session, which sessionNode reads back', () => {
    const id = newSessionId('n2');
    expect(id).to.match(/^ses_n2_[0-9a-z]{24}$/);
    expect(isSessionId(id)).to.equal(true);
    expect(sessionNode(id)).to.equal('n2');
  });

  it('keep the form without a node, which names none', () => {
    const id = newSessionId();
    expect(id).to.match(/^ses_[0-9a-z]{24}$/);
    expect(isSessionId(id)).to.equal(true);
    expect(sessionNode(id)).to.equal(null);
  });

  it('refuse text that is not a session id, whatever it names', () => {
    for (const bad of ['ses_', 'ses_n2_', 'ses_N2_abcdefghijklmnopqrstuvwx', `ses_n2_${'a'.repeat(23)}`, `ses_${'n'.repeat(21)}_${'a'.repeat(24)}`, `ses_n2__${'a'.repeat(24)}`, '../ses_x']) {
      expect(isSessionId(bad), bad).to.equal(false);
      expect(sessionNode(bad), bad).to.equal(null);
    }
  });
});
