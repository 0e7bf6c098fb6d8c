import sharp from "sharp";

/** A 6000 x 4000 photo-like JPEG: a gradient with noise (so it decodes as a camera's would), under 10 MB. */
export function photo24mp(seed = 0): Promise<Buffer> {
  return photo(seed, 6000, 4000);
}

/** A photo-like JPEG of the given size (4000 x 3000: 12 megapixels), made as photo24mp's. */
export async function photo(seed: number, width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let random = 12345 + seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      random = (random * 1103515245 + 12345) & 0x7fffffff;
      const noise = (random >> 16) % 24;
      const i = (y * width + x) * 3;
      pixels[i] = ((x * 200) / width + noise) & 255;
      pixels[i + 1] = ((y * 200) / height + noise) & 255;
      pixels[i + 2] = (((x + y) * 100) / (width + height) + seed * 40 + noise) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}
