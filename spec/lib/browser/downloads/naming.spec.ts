import { expect } from 'chai';
import { MAX_DOWNLOAD_NAME_LENGTH, MAX_DOWNLOAD_URL_LENGTH } from '../../../../lib/contract/response/download.js';
import { downloadMime, downloadName, downloadUrl, safeFileName } from '../../../../lib/browser/downloads/naming.js';

describe('lib/browser/downloads/naming', () => {
  describe('safeFileName', () => {
    it('leaves no folder, no leading dot, no control, format or direction character', () => {
      for (const [hostile, safe] of [
        ['../../etc/passwd', '_.._etc_passwd'],
        ['..\\..\\boot.ini', '_.._boot.ini'],
        ['.bashrc', 'bashrc'],
        ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
        ['a\u0000b\r\nc\u200Bd.txt', 'abcd.txt'],
        ['name. . .', 'name'],
        ['..', 'download'],
        ['\u0000\u0001', 'download'],
        ['C:\\Windows\\x', 'C__Windows_x'],
      ]) expect(safeFileName(hostile!), JSON.stringify(hostile)).to.equal(safe);
    });

    it('bounds the length and keeps a short extension', () => {
      const long = safeFileName(`${'a'.repeat(500)}.pdf`);
      expect([...long]).to.have.length(MAX_DOWNLOAD_NAME_LENGTH);
      expect(long.endsWith('.pdf')).to.equal(true);
    });
  });

  describe('downloadName', () => {
    it('reads Content-Disposition with filename* first, then the page\'s suggestion, then the URL', () => {
      expect(downloadName({ disposition: 'attachment; filename="plain.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.txt' }, 'x.bin', 'http://a.test/y')).to.equal('résumé.txt');
      expect(downloadName({ disposition: 'attachment' }, 'notes.txt', 'blob:http://a.test/1')).to.equal('notes.txt');
      expect(downloadName({ disposition: 'this does not parse;;;"' }, undefined, 'http://a.test/files/q3%20report.csv?x=1')).to.equal('q3 report.csv');
      expect(downloadName({}, undefined, 'data:text/plain,hello')).to.equal('download');
    });
  });

  describe('downloadMime', () => {
    it('takes the declared type\'s own part, else guesses from the name', () => {
      expect(downloadMime({ contentType: 'Text/CSV; charset=utf-8' }, 'x')).to.equal('text/csv');
      expect(downloadMime({ contentType: 'nonsense' }, 'report.pdf')).to.equal('application/pdf');
      // A type with anything but parameters after it is not taken at all.
      expect(downloadMime({ contentType: 'text/html\r\nX-Evil: 1' }, 'x')).to.equal('application/octet-stream');
      expect(downloadMime({}, 'no-extension')).to.equal('application/octet-stream');
    });
  });

  describe('downloadUrl', () => {
    it('keeps a blob\'s origin, a data URL\'s type, and never a password or megabytes', () => {
      expect(downloadUrl('blob:https://a.test/7c1d-44')).to.equal('blob:https://a.test');
      expect(downloadUrl('blob:null/7c1d')).to.equal('blob:');
      expect(downloadUrl(`data:application/pdf;base64,${'A'.repeat(5_000_000)}`)).to.equal('data:application/pdf');
      expect(downloadUrl('data:,hello')).to.equal('data:');
      expect(downloadUrl('https://user:secret@a.test/f')).to.not.contain('secret');
      expect(downloadUrl(`https://a.test/${'x'.repeat(10_000)}`)).to.have.length(MAX_DOWNLOAD_URL_LENGTH);
    });
  });
});
