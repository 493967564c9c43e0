import sharp from 'sharp';

/**
 * A 12-megapixel JPEG (4000×3000, about 2.5 MB) of a noisy gradient: decoding and resizing it cost what a real
 * photo costs, where a flat image would compress to nothing.
 */
export async function photo12mp(): Promise<Buffer> {
  const noise = Buffer.alloc(4000 * 3000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = ((i % 12000) / 47 + Math.random() * 24) & 0xff;
  return sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
