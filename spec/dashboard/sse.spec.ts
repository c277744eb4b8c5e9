import { expect } from 'chai';
import fc from 'fast-check';
import { SseParser } from '../../dashboard/sse.js';

describe('dashboard SseParser', () => {
  it('reads id, event and data of each message and skips heartbeat comments', () => {
    const parser = new SseParser();
    const messages = parser.push('id: 1\nevent: transition\ndata: {"a":1}\n\n: heartbeat\n\nid: 2\nevent: step\ndata: line one\ndata: line two\n\n');
    expect(messages).to.deep.equal([
      { event: 'transition', id: '1', data: '{"a":1}' },
      { event: 'step', id: '2', data: 'line one\nline two' },
    ]);
    expect(parser.lastId).to.equal('2');
  });

  it('gives the same messages however the stream is cut into chunks, CRLF included', () => {
    const stream = 'id: 7\r\nevent: frame\r\ndata: {"data":"AAAA"}\r\n\r\n: heartbeat\r\n\r\ndata: plain\n\nid: 8\revent: ended\rdata: {}\r\r\n';
    const whole = new SseParser().push(stream);
    expect(whole.map((m) => m.event)).to.deep.equal(['frame', 'message', 'ended']);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: stream.length - 1 }), { maxLength: 8 }), (cuts) => {
        const parser = new SseParser();
        const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), stream.length];
        const messages = points.slice(1).flatMap((end, i) => parser.push(stream.slice(points[i], end)));
        expect(messages).to.deep.equal(whole);
      }),
    );
  });

  it('waits for the blank line before it hands out a message', () => {
    const parser = new SseParser();
    expect(parser.push('id: 3\nevent: usage\ndata: {}\n')).to.deep.equal([]);
    expect(parser.push('\n')).to.deep.equal([{ event: 'usage', id: '3', data: '{}' }]);
  });
});
