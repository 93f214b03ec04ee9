/**
 * The product feeds (docs/search-and-feeds.md): Google Merchant Center's RSS 2.0 with its `g:` fields
 * (`/feeds/google.xml`) and Meta's catalogue CSV (`/feeds/meta.csv`), built from the public catalogue.
 * One feed item per size a customer can buy (a piece with sizes is one item group), prices in euros
 * with IVA, before and after the piece's discount, links and photos absolute on the shop's address.
 */
import { csvFormulaSafe } from './csv.ts';
import { CURRENCY } from './money.ts';
import { discountedPriceCents } from './pricing.ts';
import { paths } from './paths.ts';
import { photoFallback } from './photos.ts';
import type { Product } from './product.ts';
import { PRODUCT_TYPE_INFO } from './product-types.ts';
import { SHOP_BRAND } from './shop-identity.ts';
import { shippingCostCents } from './shipping.ts';
import { hasSizes, variantPriceCents } from './variants.ts';

/** Where the feeds are (the shop's root, as CloudFront and the twin's front door answer them). */
export const FEED_PATHS = { google: '/feeds/google.xml', meta: '/feeds/meta.csv' } as const;
/** Where the API answers each feed (the edge hands `/feeds/*` to it, as it does the sitemap). */
export const FEED_API_PATHS = { google: '/api/feeds/google.xml', meta: '/api/feeds/meta.csv' } as const;

/** CloudFront's behaviour of the feeds (its function maps each to its API path). */
export const FEEDS_PATTERN = '/feeds/*';

/** Google's limits on the text fields (Meta's are wider): longer text is cut at a word. */
const MAX_TITLE = 150;
const MAX_DESCRIPTION = 5000;
/** Google takes up to 10 additional images. */
const MAX_ADDITIONAL_IMAGES = 10;
/** The country the shop ships to, for the feed's shipping line. */
const SHIPPING_COUNTRY = 'PT';

/** One thing a customer can buy, as both feeds describe it. */
export interface FeedItem {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly link: string;
  readonly imageLink: string;
  readonly additionalImageLinks: readonly string[];
  readonly availability: 'in_stock' | 'out_of_stock';
  /** Price before discount, with IVA, `12.34 EUR`. */
  readonly price: string;
  /** The price after the piece's discount, when it has one. */
  readonly salePrice?: string;
  /** The CTT shipping cost of one unit (free over the threshold). */
  readonly shippingPrice: string;
  readonly itemGroupId?: string;
  readonly size?: string;
  readonly productType: string;
}

/** Cents as the feeds write a price: `1234` → `12.34 EUR`. */
export function feedPrice(cents: number): string {
  return `${(cents / 100).toFixed(2)} ${CURRENCY}`;
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const head = flat.slice(0, max - 1);
  return `${head.slice(0, Math.max(head.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/**
 * The feed's items of the public catalogue: one per size (a piece without sizes is one item). A piece
 * without a photo is left out: both Google and Meta refuse an item without an image.
 */
export function feedItems(products: readonly Product[], shopUrl: string): FeedItem[] {
  const absolute = (path: string) => new URL(path, shopUrl).href;
  return products.flatMap((product) => {
    const [main, ...more] = product.photos;
    if (!main) return [];
    const sized = hasSizes(product);
    return product.variants.map((variant): FeedItem => {
      const priceCents = variantPriceCents(product, variant);
      const paidCents = discountedPriceCents(priceCents, product.discountPercent);
      const title = sized ? `${product.name} (${variant.label})` : product.name;
      return {
        id: sized ? `${product.id}-${variant.id}` : product.id,
        title: cut(title, MAX_TITLE),
        description: cut(product.description || product.name, MAX_DESCRIPTION),
        link: absolute(paths.product(product.slug)),
        imageLink: absolute(photoFallback(main)),
        additionalImageLinks: more.slice(0, MAX_ADDITIONAL_IMAGES).map((photo) => absolute(photoFallback(photo))),
        availability: variant.stock > 0 ? 'in_stock' : 'out_of_stock',
        price: feedPrice(priceCents),
        ...(paidCents < priceCents ? { salePrice: feedPrice(paidCents) } : {}),
        shippingPrice: feedPrice(shippingCostCents('ctt', paidCents)),
        ...(sized ? { itemGroupId: product.id, size: variant.label } : {}),
        productType: [PRODUCT_TYPE_INFO[product.type].listingLabel, product.collection].filter(Boolean).join(' > '),
      };
    });
  });
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
/** Text as XML carries it: markup characters escaped, characters XML 1.0 forbids dropped. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 does not allow are exactly these
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[<>&'"]/g, (c) => XML_ESCAPES[c]!);
}

function googleItem(item: FeedItem): string {
  const field = (name: string, value: string | undefined) =>
    value === undefined ? [] : [`      <g:${name}>${escapeXml(value)}</g:${name}>`];
  return [
    '    <item>',
    ...field('id', item.id),
    ...field('title', item.title),
    ...field('description', item.description),
    ...field('link', item.link),
    ...field('image_link', item.imageLink),
    ...item.additionalImageLinks.flatMap((link) => field('additional_image_link', link)),
    ...field('availability', item.availability),
    ...field('price', item.price),
    ...field('sale_price', item.salePrice),
    ...field('brand', SHOP_BRAND.name),
    ...field('condition', 'new'),
    ...field('identifier_exists', 'no'),
    ...field('product_type', item.productType),
    ...field('item_group_id', item.itemGroupId),
    ...field('size', item.size),
    '      <g:shipping>',
    `        <g:country>${SHIPPING_COUNTRY}</g:country>`,
    `        <g:price>${escapeXml(item.shippingPrice)}</g:price>`,
    '      </g:shipping>',
    '    </item>',
  ].join('\n');
}

/** Google Merchant Center's feed: RSS 2.0 with the `g:` namespace. */
export function googleFeedXml(items: readonly FeedItem[], shopUrl: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '  <channel>',
    `    <title>${escapeXml(SHOP_BRAND.name)}</title>`,
    `    <link>${escapeXml(new URL('/', shopUrl).href)}</link>`,
    `    <description>${escapeXml(`Peças de ${SHOP_BRAND.name}`)}</description>`,
    ...items.map(googleItem),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Meta's catalogue columns, in the order the file gives them. */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'additional_image_link',
  'sale_price',
  'item_group_id',
  'size',
  'product_type',
  'shipping',
] as const;

/** A cell of Meta's CSV (comma-separated, RFC 4180 quoting), never read as a spreadsheet formula. */
function metaCell(value: string): string {
  const text = csvFormulaSafe(value.replace(/[\r\n]+/g, ' '));
  return /[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Meta's catalogue feed: CSV with a header row, commas, UTF-8 without a byte-order mark. */
export function metaFeedCsv(items: readonly FeedItem[]): string {
  const rows = items.map((item): Record<(typeof META_COLUMNS)[number], string> => ({
    id: item.id,
    title: item.title,
    description: item.description,
    availability: item.availability === 'in_stock' ? 'in stock' : 'out of stock',
    condition: 'new',
    price: item.price,
    link: item.link,
    image_link: item.imageLink,
    brand: SHOP_BRAND.name,
    additional_image_link: item.additionalImageLinks.join(','),
    sale_price: item.salePrice ?? '',
    item_group_id: item.itemGroupId ?? '',
    size: item.size ?? '',
    product_type: item.productType,
    shipping: `${SHIPPING_COUNTRY}::CTT:${item.shippingPrice}`,
  }));
  const lines = [META_COLUMNS.join(','), ...rows.map((row) => META_COLUMNS.map((column) => metaCell(row[column])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
