/**
 * The upload of issue 13, point 2: an animated GIF of a few kilobytes whose frames are one
 * pixel each on a large logical screen. Decoded, every frame is the whole screen: ~100
 * frames of 1600×1600 are 256 megapixels of work from 2.3 kB of file.
 */
export function heavyGif(opts: { width?: number; height?: number; frames?: number; seed?: number } = {}): Buffer {
  const { width = 1600, height = 1600, frames = 100, seed = 0 } = opts;
  const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
  const bytes: number[] = [
    ...Buffer.from('GIF89a'),
    ...u16(width),
    ...u16(height),
    0xf0, // a global colour table of two colours
    0,
    0,
    ...[0, 0, 0, (seed * 37) & 0xff, 0xff, 0xff],
    // Loop forever (NETSCAPE2.0).
    0x21,
    0xff,
    0x0b,
    ...Buffer.from('NETSCAPE2.0'),
    0x03,
    0x01,
    0x00,
    0x00,
    0x00,
  ];
  for (let i = 0; i < frames; i++) {
    const x = (i * 16 + seed) % width;
    const y = Math.floor((i * 16) / width) % height;
    bytes.push(0x21, 0xf9, 0x04, 0x04, ...u16(10), 0x00, 0x00); // 100 ms, "do not dispose"
    bytes.push(0x2c, ...u16(x), ...u16(y), ...u16(1), ...u16(1), 0x00);
    bytes.push(0x02, 0x02, 0x4c, 0x01, 0x00); // LZW: clear, colour 1, end
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}
