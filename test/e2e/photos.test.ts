/**
 * Product photos in Chromium on a 390 px phone at DPR 3 (docs/design.md §21): the cards and the product
 * gallery pick a candidate no wider than twice the pixels they fill (displayed CSS width × DPR), every
 * image has its width and height, only the page's largest image loads eagerly with high priority, and
 * the gallery swipes and zooms. Then a 3000×2000 upload at 1280 and 390 px: shown whole, 3:2, on
 * the product page, and whole inside its card's square frame, never above its pixels.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { storeProcessedPhoto } from '#lambdas/services/photo-pipeline.ts';
import { processPhoto } from '#lambdas/services/photo-processing.ts';
import { photoFallback, type ProductPhoto } from '#shared/photos.ts';
import { landscapeJpeg } from '../support/landscape-photo.ts';
import { phonePhoto } from '../support/photos.ts';
import { appRunning, screenshot, useShop } from '../web/e2e-support.ts';

const shop = useShop();
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

interface Shown {
  readonly src: string;
  readonly candidateWidth: number;
  readonly displayedWidth: number;
  readonly width: string | null;
  readonly height: string | null;
  readonly loading: string | null;
  readonly fetchPriority: string | null;
}

/** What each loaded `<img>` matching `selector` shows: the chosen candidate's width (from its file name) and its displayed width. */
async function shown(page: Page, selector: string): Promise<Shown[]> {
  return page.locator(selector).evaluateAll((imgs) =>
    (imgs as HTMLImageElement[])
      .filter((img) => img.complete && img.currentSrc)
      .map((img) => ({
        src: img.currentSrc,
        candidateWidth: Number(/-(\d+)\.(?:avif|webp|jpg)$/.exec(img.currentSrc)?.[1] ?? Number.NaN),
        displayedWidth: img.getBoundingClientRect().width,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        fetchPriority: img.getAttribute('fetchpriority'),
      })),
  );
}

/** Image bytes a page downloaded (bodies of `/images/` responses). */
function countImageBytes(page: Page): { total: () => number } {
  let total = 0;
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/images/')) return;
    response.body().then(
      (body) => {
        total += body.length;
      },
      () => undefined,
    );
  });
  return { total: () => total };
}

function expectWellSized(images: readonly Shown[]): void {
  for (const image of images) {
    const pixels = image.displayedWidth * PHONE.deviceScaleFactor;
    expect(image.src, JSON.stringify(image)).toMatch(/\.avif$/);
    expect(image.candidateWidth, JSON.stringify(image)).toBeLessThanOrEqual(2 * pixels);
    expect(Number(image.width) > 0 && Number(image.height) > 0, JSON.stringify(image)).toBe(true);
  }
}

describe('photos on a 390 px phone (DPR 3)', () => {
  it('/shop: every card picks an AVIF candidate ≤ 2× its pixels, only the first card high priority, the first view small', async () => {
    const context = await shop.browser.newContext(PHONE);
    const page = await context.newPage();
    const bytes = countImageBytes(page);
    await page.goto(`${shop.twin.url}/shop`);
    await expect.poll(() => page.locator('.product-card').count()).toBe(seedPieces.length);
    await expect.poll(async () => (await shown(page, '.product-card img')).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await page.waitForLoadState('networkidle');
    const cards = await shown(page, '.product-card img');
    expectWellSized(cards);
    const attributes = await page
      .locator('.product-card img')
      .evaluateAll((imgs) => imgs.map((i) => [i.getAttribute('loading'), i.getAttribute('fetchpriority')]));
    expect(attributes[0]).toEqual(['eager', 'high']);
    expect(attributes.slice(4).every(([loading, priority]) => loading === 'lazy' && priority === 'auto')).toBe(true);
    // A card has the listing's one photo (the product page has them all).
    expect(await page.locator('.product-card picture').count()).toBe(seedPieces.length);
    await screenshot(page, { path: '/tmp/shots-photos/shop-390.png' });
    process.stdout.write(`[photos] /shop first view at 390 px DPR 3: ${Math.round(bytes.total() / 1024)} KB of images\n`);
    expect(bytes.total()).toBeLessThanOrEqual(400 * 1024);
    await context.close();
  });

  it('a product page: the gallery picks a candidate ≤ 2× its pixels, swipes to the next photo and zooms', async () => {
    const context = await shop.browser.newContext(PHONE);
    const page = await context.newPage();
    const bytes = countImageBytes(page);
    const piece = seedPieces[0]!;
    await page.goto(`${shop.twin.url}/product/${piece.id}`);
    const main = page.locator('.gallery__main').first();
    await expect
      .poll(() => main.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
      .toBe(true);
    // The page as the shopper keeps it: the app running (it starts once the page has loaded) and idle.
    await appRunning(page);
    await page.waitForLoadState('networkidle');
    expectWellSized((await shown(page, '.gallery__main')).slice(0, 1));
    expectWellSized(await shown(page, '.gallery__thumb img'));
    expect(await main.getAttribute('fetchpriority')).toBe('high');
    expect(await main.getAttribute('alt')).toBe(piece.name);
    expect(await page.locator('.gallery__main').nth(1).getAttribute('loading')).toBe('lazy');
    process.stdout.write(`[photos] product page at 390 px DPR 3: ${Math.round(bytes.total() / 1024)} KB of images\n`);

    // Swipe: the strip scrolls by one photo and the second thumbnail becomes the chosen one.
    const strip = page.locator('.gallery__strip');
    await strip.evaluate((element) => element.scrollTo({ left: element.clientWidth }));
    await expect.poll(() => page.locator('.gallery__thumb').nth(1).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, { path: '/tmp/shots-photos/product-390.png' });

    // Zoom: the photo fills the screen in a dialog, with a candidate for the whole width.
    await page.locator('.gallery__slide').nth(1).click();
    const zoomed = page.locator('dialog[open] .gallery__zoomed');
    await zoomed.waitFor();
    await expect
      .poll(() => zoomed.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
      .toBe(true);
    expect(await zoomed.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/-1440\.avif$/);
    await screenshot(page, { path: '/tmp/shots-photos/zoom-390.png' });
    await page.getByRole('button', { name: 'Fechar' }).click();
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await context.close();
  });
});

/** What an `<img>` shows: its box, its frame's box (a card's), the pixels of the file it chose, how it is fitted. */
interface Measured {
  readonly box: { left: number; top: number; right: number; bottom: number; width: number; height: number };
  readonly frame?: Measured['box'];
  readonly naturalWidth: number;
  readonly naturalHeight: number;
  readonly src: string;
  readonly fit: string;
  readonly attributes: readonly (string | null)[];
}

async function measure(page: Page, selector: string): Promise<Measured> {
  const image = page.locator(selector).first();
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), {
      timeout: 15_000,
    })
    .toBe(true);
  return image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    // `naturalWidth` of a `srcset` image is corrected by its density: the file's own pixels are those of the candidate alone.
    const file = new Image();
    file.src = img.currentSrc;
    await file.decode();
    const rect = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height });
    const frame = img.closest('.product-card__media');
    return {
      box: rect(img.getBoundingClientRect()),
      frame: frame ? rect(frame.getBoundingClientRect()) : undefined,
      naturalWidth: file.naturalWidth,
      naturalHeight: file.naturalHeight,
      src: img.currentSrc,
      fit: getComputedStyle(img).objectFit,
      attributes: [img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading'), img.getAttribute('fetchpriority')],
    };
  });
}

/** Shown at its own ratio (3:2), fitted whole, and never above its pixels: natural ≥ shown × DPR, up to the largest rendition (1440). */
function expectWhole32(seen: Measured, dpr: number): void {
  const about = JSON.stringify({ ...seen, dpr });
  expect(Math.abs(seen.box.width / seen.box.height - 1.5), about).toBeLessThanOrEqual(0.02);
  expect(Math.abs(seen.naturalWidth / seen.naturalHeight - 1.5), about).toBeLessThanOrEqual(0.02);
  expect(seen.fit, about).toBe('contain');
  expect(seen.naturalWidth, about).toBeGreaterThanOrEqual(Math.min(Math.floor(seen.box.width * dpr), 1440));
  expect(seen.box.width * dpr, about).toBeLessThanOrEqual(1440 + 0.5);
}

describe('a 3000×2000 upload is shown whole', () => {
  const piece = { id: 'anel-onda-paisagem', name: 'Anel Onda' };
  let photo: ProductPhoto;

  beforeAll(async () => {
    // Its second photo is upright (3:4), as a phone held upright takes it.
    const [processed, upright] = await Promise.all([
      processPhoto(await landscapeJpeg('Anel Onda - frente')),
      processPhoto(await phonePhoto({ hue: 160 })),
    ]);
    await Promise.all([storeProcessedPhoto(processed), storeProcessedPhoto(upright)]);
    photo = { ...processed.photo, alt: 'Anel Onda - frente' };
    const second = { ...upright.photo, alt: 'Anel Onda - de pé' };
    await putProduct(
      {
        ...piece,
        code: 'ONDA-32',
        sku: 'ONDA-32',
        description: 'Fotografado ao comprido.',
        type: 'anel',
        collection: '',
        priceCents: 2900,
        discountPercent: 0,
        stock: 3,
        photos: [photo, second],
        mainImage: photoFallback(photo),
        secondaryImage: photoFallback(second),
      },
      new Date(),
    );
  });

  const views = [
    { name: '1280 px', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
    { name: '1280 px at DPR 2', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 },
    { name: '1280 px at DPR 3 (capped at 1440 / 3 = 480 px)', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 3 },
    { name: '390 px at DPR 3', ...PHONE },
  ] as const;

  for (const view of views) {
    it(`${view.name}: the product page shows it 3:2 with its pixels, and its card shows it whole in a square frame`, async () => {
      const context = await shop.browser.newContext(view);
      const page = await context.newPage();
      const dpr = view.deviceScaleFactor;
      await page.goto(`${shop.twin.url}/product/${piece.id}`);
      const main = await measure(page, '.gallery__main');
      process.stdout.write(
        `[photos] ${view.name} gallery: ${main.box.width.toFixed(1)}×${main.box.height.toFixed(1)} ` +
          `(ratio ${(main.box.width / main.box.height).toFixed(3)}), natural ${main.naturalWidth}×${main.naturalHeight}\n`,
      );
      expectWhole32(main, dpr);
      expect(main.attributes).toEqual(['1440', '960', 'eager', 'high']);
      if (dpr === 3 && view.viewport.width === 1280) expect(main.box.width).toBeCloseTo(480, 0);
      // The first photo sets the strip's height; the upright second one is fitted whole into it.
      const strip = await page.locator('.gallery__strip').evaluate((element) => element.getBoundingClientRect().height);
      expect(strip).toBeCloseTo(main.box.height, 0);
      const upright = await page
        .locator('.gallery__main')
        .nth(1)
        .evaluate((img) => [img.getBoundingClientRect().height, getComputedStyle(img).objectFit]);
      expect(upright).toEqual([strip, 'contain']);
      const slug = `${view.viewport.width}-dpr${dpr}`;
      if (dpr !== 2) await screenshot(page, { path: `/tmp/shots-photos/landscape-product-${slug}.png` });
      if (dpr === 1) {
        await appRunning(page);
        await page.locator('.gallery__thumb').nth(1).click();
        await measure(page, '.gallery__slide:nth-child(2) .gallery__main');
        await screenshot(page, { path: `/tmp/shots-photos/upright-second-${slug}.png` });
      }

      await page.goto(`${shop.twin.url}/shop`);
      const card = page.locator('.product-card', { hasText: piece.name });
      await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
      const shown = await measure(page, `.product-card:has-text("${piece.name}") .product-card__media img`);
      const frame = shown.frame!;
      process.stdout.write(
        `[photos] ${view.name} card: frame ${frame.width.toFixed(1)}×${frame.height.toFixed(1)}, ` +
          `photo ${shown.box.width.toFixed(1)}×${shown.box.height.toFixed(1)}, natural ${shown.naturalWidth}\n`,
      );
      expect(Math.abs(frame.width - frame.height)).toBeLessThanOrEqual(1);
      expectWhole32(shown, dpr);
      expect(shown.box.left).toBeGreaterThanOrEqual(frame.left - 0.5);
      expect(shown.box.right).toBeLessThanOrEqual(frame.right + 0.5);
      expect(shown.box.top).toBeGreaterThanOrEqual(frame.top - 0.5);
      expect(shown.box.bottom).toBeLessThanOrEqual(frame.bottom + 0.5);
      expect(shown.box.width).toBeCloseTo(frame.width, 0);
      if (dpr !== 2) await screenshot(card, { path: `/tmp/shots-photos/landscape-card-${slug}.png` });
      // The card has one photo, the listing's (the upright second one is on the product page, above).
      expect(await card.locator('picture').count()).toBe(1);
      if (dpr !== 2) await screenshot(page, { path: `/tmp/shots-photos/shop-${slug}.png` });
      await context.close();
    });
  }

  it('the product page does not shift while its photo arrives (CLS)', async () => {
    const context = await shop.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.route('**/images/p/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(`${shop.twin.url}/product/${piece.id}`);
    await measure(page, '.gallery__main');
    await appRunning(page);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!entry.hadRecentInput) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 200);
        }),
    );
    process.stdout.write(`[photos] product page with a landscape photo, 390 px: CLS ${shift.toFixed(4)}\n`);
    expect(shift).toBeLessThan(0.01);
    await context.close();
  });
});
