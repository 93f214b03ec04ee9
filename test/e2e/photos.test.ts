/**
 * Product photos in Chromium on a 390 px phone at DPR 3 (docs/design.md §21): the cards and the product
 * gallery pick a candidate no wider than twice the pixels they fill (displayed CSS width × DPR), every
 * image has its width and height, only the page's largest image loads eagerly with high priority, and
 * the gallery swipes and zooms.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { appRunning, useShop } from '../web/e2e-support.ts';

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
  it('/shop: every card picks an AVIF candidate ≤ 2× its pixels, only the first card is high priority, the first view stays small', async () => {
    const context = await shop.browser.newContext(PHONE);
    const page = await context.newPage();
    const bytes = countImageBytes(page);
    await page.goto(`${shop.twin.url}/shop`);
    await expect.poll(() => page.locator('.product-card').count()).toBe(seedPieces.length);
    await expect.poll(async () => (await shown(page, '.product-card img')).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await page.waitForLoadState('networkidle');
    const cards = await shown(page, '.product-card img');
    expectWellSized(cards);
    const attributes = await page.locator('.product-card img').evaluateAll((imgs) => imgs.map((i) => [i.getAttribute('loading'), i.getAttribute('fetchpriority')]));
    expect(attributes[0]).toEqual(['eager', 'high']);
    expect(attributes.slice(4).every(([loading, priority]) => loading === 'lazy' && priority === 'auto')).toBe(true);
    // The second (hover) photo is never requested on a touch screen.
    expect(await page.locator('.product-card__hover').count()).toBe(0);
    await page.screenshot({ path: '/tmp/shots-photos/shop-390.png' });
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
    await expect.poll(() => main.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
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
    await page.screenshot({ path: '/tmp/shots-photos/product-390.png' });

    // Zoom: the photo fills the screen in a dialog, with a candidate for the whole width.
    await page.locator('.gallery__slide').nth(1).click();
    const zoomed = page.locator('dialog[open] .gallery__zoomed');
    await zoomed.waitFor();
    await expect.poll(() => zoomed.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    expect(await zoomed.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/-1440\.avif$/);
    await page.screenshot({ path: '/tmp/shots-photos/zoom-390.png' });
    await page.getByRole('button', { name: 'Fechar' }).click();
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await context.close();
  });
});
