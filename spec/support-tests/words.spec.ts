import { expect } from 'chai';
import { expectedText, median, precision, recall, scoresOf, shingleCounts, shingles, shingleScores, words } from '../support/words.js';

describe('words()', () => {
  it('lower-cases and splits on anything that is not a letter or digit', () => {
    expect(words("Hello, World! It's 2024-05-01.")).to.deep.equal(['hello', 'world', 'it', 's', '2024', '05', '01']);
  });

  it('keeps letters of any script and their combining marks', () => {
    expect(words('Ελλάδα Россия مرحبا हिन्दी Straße')).to.deep.equal(['ελλάδα', 'россия', 'مرحبا', 'हिन्दी', 'straße']);
  });

  it('counts each Han, hiragana and katakana character as a word, and Hangul by spaces', () => {
    expect(words('日本語のテスト abc')).to.deep.equal(['日', '本', '語', 'の', 'テ', 'ス', 'ト', 'abc']);
    expect(words('中文，标点。')).to.deep.equal(['中', '文', '标', '点']);
    expect(words('한국어 문장')).to.deep.equal(['한국어', '문장']);
  });

  it('drops link and image targets but keeps their text', () => {
    expect(words('See [the docs](https://example.com/a_(b)?q=1 "Title") and ![a cat](/cat.png).')).to.deep.equal([
      'see', 'the', 'docs', 'and', 'a', 'cat',
    ]);
  });

  it('ignores headings, emphasis, quotes, code marks and table syntax', () => {
    const markdown = '## Title\n\n> **bold** _it_ `code`\n\n| a | b |\n| --- | :---: |\n| 1 | 2 |';
    expect(words(markdown)).to.deep.equal(['title', 'bold', 'it', 'code', 'a', 'b', '1', '2']);
  });

  it('gives nothing for an empty or punctuation-only text', () => {
    expect(words('')).to.deep.equal([]);
    expect(words('--- *** ||')).to.deep.equal([]);
  });
});

describe('expectedText()', () => {
  it('strips tags, joining inline ones and breaking lines at block ones', () => {
    expect(expectedText('<div><h1>Title</h1><p>Some <b>bo</b>ld <a href="/x">text</a></p><ul><li>one</li><li>two</li></ul></div>')).to.equal(
      'Title\nSome bold text\none\ntwo',
    );
  });

  it('drops scripts, styles, comments and svg, and keeps image alt text', () => {
    const html = '<p>a<script>var x = "<p>no</p>";</script><style>p{}</style><!-- hidden --></p><svg><title>icon</title></svg><img src="x.png" alt="A dog"><p>b</p>';
    expect(expectedText(html)).to.equal('a\nA dog\nb');
  });

  it('decodes named and numeric entities, after tags are gone', () => {
    expect(expectedText('<p>AT&amp;T &lt;b&gt; caf&#233; &#x4E2D;&nbsp;x&shy;y &unknown;z</p>')).to.equal('AT&T <b> café 中 xy z');
  });

  it('reads a tag whose attribute holds a >', () => {
    expect(expectedText('<p title="a > b">text</p>')).to.equal('text');
  });
});

describe('recall() and precision()', () => {
  const expected = words('the cat sat on the mat');

  it('count occurrences, not distinct words', () => {
    const actual = words('the cat');
    expect(recall(expected, actual)).to.equal(2 / 6);
    expect(precision(expected, actual)).to.equal(1);
    // A repeated word is matched only as often as it is expected.
    const repeated = words('the the the the');
    expect(recall(expected, repeated)).to.equal(2 / 6);
    expect(precision(expected, repeated)).to.equal(2 / 4);
  });

  it('are both 1 for the same text, whatever the order', () => {
    const actual = words('mat the on sat cat the');
    expect(recall(expected, actual)).to.equal(1);
    expect(precision(expected, actual)).to.equal(1);
  });

  it('measure extra words against precision only', () => {
    const actual = words('Menu Home | the cat sat on the mat | Footer');
    expect(recall(expected, actual)).to.equal(1);
    expect(precision(expected, actual)).to.equal(6 / 9);
  });

  it('are 1 when there is nothing to measure', () => {
    expect(recall([], words('anything'))).to.equal(1);
    expect(precision(expected, [])).to.equal(1);
  });
});

describe('median()', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).to.equal(2);
    expect(median([4, 1, 3, 2])).to.equal(2.5);
    expect(median([])).to.be.NaN;
  });
});

describe('shingles() and shingleScores()', () => {
  it('cuts a word list into overlapping runs of four words, or one run when it is shorter', () => {
    expect(shingles(['a', 'b', 'c', 'd', 'e'])).to.deep.equal(['a b c d', 'b c d e']);
    expect(shingles(['a', 'b'])).to.deep.equal(['a b']);
    expect(shingles([])).to.deep.equal([]);
  });

  it('scores the same words in another order lower than in the same order', () => {
    const expected = words('the quick brown fox jumps over the lazy dog');
    expect(shingleScores(expected, expected)).to.deep.equal({ precision: 1, recall: 1, f1: 1 });
    const shuffled = shingleScores(expected, words('the lazy dog jumps over the quick brown fox'));
    expect(shuffled.f1).to.be.below(0.5);
    expect(recall(expected, words('the lazy dog jumps over the quick brown fox'))).to.equal(1);
  });

  it('counts precision against extra text and recall against missing text, as multisets', () => {
    const expected = words('one two three four five six');
    const counts = shingleCounts(expected, words('one two three four five six seven eight'));
    expect(counts).to.deep.equal({ expected: 3, actual: 5, matched: 3 });
    const scores = scoresOf(counts);
    expect([scores.precision, scores.recall]).to.deep.equal([0.6, 1]);
    expect(scores.f1).to.be.closeTo(0.75, 1e-9);
    expect(scoresOf({ expected: 0, actual: 0, matched: 0 })).to.deep.equal({ precision: 1, recall: 1, f1: 1 });
  });
});
