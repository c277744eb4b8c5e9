/** Width and height of a PNG, from its IHDR chunk; throws when the bytes are not a PNG. */
export function pngSize(data: Buffer): { width: number; height: number } {
  if (data.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** Width and height of a JPEG, from its first SOF marker; throws when the bytes are not a JPEG. */
export function jpegSize(data: Buffer): { width: number; height: number } {
  if (data[0] !== 0xff || data[1] !== 0xd8) throw new Error('not a JPEG');
  let offset = 2;
  while (offset < data.length) {
    if (data[offset] !== 0xff) throw new Error('broken JPEG marker');
    const marker = data[offset + 1]!;
    const length = data.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error('no SOF marker');
}

/** Pages of a PDF Chromium wrote: their count and the first page's MediaBox size in points. */
export function pdfPages(data: Buffer): { count: number; width: number; height: number } {
  const text = data.toString('latin1');
  if (!text.startsWith('%PDF-')) throw new Error('not a PDF');
  const count = (text.match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
  const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  if (!box) throw new Error('no MediaBox');
  return { count, width: Number(box[3]) - Number(box[1]), height: Number(box[4]) - Number(box[2]) };
}
