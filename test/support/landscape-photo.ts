/**
 * A landscape photo whose every edge can be checked: a 3000×2000 JPEG (3:2, as a camera's) with a
 * coloured band along each side (left red, right blue, top green, bottom black) and a caption across
 * its width. A cropped rendition loses a band; a stretched one has the wrong ratio.
 */
import sharp from 'sharp';

export const LANDSCAPE = { width: 3000, height: 2000 } as const;
/** Each band's thickness, as a share of the side it runs across (60 px of 3000 or 2000). */
const BAND = 60;

/** The bands' colours, as RGB. */
export const EDGE_COLOURS = { left: [208, 0, 0], right: [0, 0, 208], top: [0, 160, 0], bottom: [0, 0, 0] } as const;

/** The 3000×2000 JPEG; `caption` is written across its width (and makes its bytes, so its id, its own). */
export async function landscapeJpeg(caption = 'Anel Onda - frente'): Promise<Buffer> {
  const { width, height } = LANDSCAPE;
  const rgb = (c: readonly number[]) => `rgb(${c.join(',')})`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="${width}" height="${height}" fill="#ece6dc"/>
<ellipse cx="${width / 2}" cy="${height / 2}" rx="700" ry="420" fill="none" stroke="#b08a3e" stroke-width="90"/>
<text x="${width / 2}" y="${height * 0.82}" font-family="sans-serif" font-size="230" text-anchor="middle" fill="#2b2623">${caption}</text>
<rect x="0" y="0" width="${width}" height="${BAND}" fill="${rgb(EDGE_COLOURS.top)}"/>
<rect x="0" y="${height - BAND}" width="${width}" height="${BAND}" fill="${rgb(EDGE_COLOURS.bottom)}"/>
<rect x="0" y="0" width="${BAND}" height="${height}" fill="${rgb(EDGE_COLOURS.left)}"/>
<rect x="${width - BAND}" y="0" width="${BAND}" height="${height}" fill="${rgb(EDGE_COLOURS.right)}"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** The colour at (x, y) of decoded RGB pixels `width` wide. */
export function pixelAt(data: Buffer, width: number, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * width + Math.round(x)) * 3;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

/** Whether two colours are alike (each channel within 48). */
export function alike(a: readonly number[], b: readonly number[]): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) <= 48);
}

/**
 * The colours an image shows at the middle of each of its sides, just inside its edge (1 % of the way
 * in), and at its centre. `box` is the part of the image the photo fills (default: all of it).
 */
export async function edgeColours(bytes: Uint8Array, box?: { left: number; top: number; width: number; height: number }) {
  const { data, info } = await sharp(bytes).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const b = box ?? { left: 0, top: 0, width: info.width, height: info.height };
  const at = (fx: number, fy: number) => pixelAt(data, info.width, b.left + fx * (b.width - 1), b.top + fy * (b.height - 1));
  return { info, left: at(0.01, 0.5), right: at(0.99, 0.5), top: at(0.5, 0.01), bottom: at(0.5, 0.99), at };
}
