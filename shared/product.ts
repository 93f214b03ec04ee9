import type { ProductPhoto } from './photos.ts';
import { hasSizes, type ProductVariant } from './variants.ts';

/**
 * The product as the public API returns it and the browser uses it. Money in integer euro cents.
 */
export type ProductType = 'colar' | 'anel' | 'brinco' | 'pulseira';

export interface Product {
  readonly id: string;
  /**
   * Its readable address, `/product/<slug>` (`shared/slug.ts`): from its name, unique; a piece stored
   * before slugs reads its id here until the migration gives it one.
   */
  readonly slug: string;
  readonly code: string;
  readonly sku: string;
  readonly name: string;
  readonly description: string;
  readonly type: ProductType;
  /** Collection name, or '' when the piece belongs to none. */
  readonly collection: string;
  /** Price before discount, in cents. */
  readonly priceCents: number;
  /** Whole percent, 0-90. */
  readonly discountPercent: number;
  /** Units in stock over all its sizes (the sum of `variants`' stock). */
  readonly stock: number;
  /** Its sizes, in the owner's order: at least one (`shared/variants.ts`). */
  readonly variants: readonly ProductVariant[];
  /** Up to 8 processed photos, in order: the first is the main image, the second the hover image on cards. */
  readonly photos: readonly ProductPhoto[];
  /** The JPEG fallback of the first photo (`/images/...`), or '' without photos: for carts, e-mails, link previews. */
  readonly mainImage: string;
  /** The same for the second photo. */
  readonly secondaryImage: string;
}

/**
 * A product as the back-office reads it: with `version`, the number its edit form sends back so that
 * a save only goes through over the version it loaded (optimistic locking). Starts at 1; an item
 * stored before versions existed counts as 0.
 */
export interface AdminProduct extends Product {
  readonly version: number;
  /** Only `active` pieces are in the shop (its pages, the sitemap, orders); absent on old items = active. */
  readonly status: ProductStatus;
}

/**
 * Where a piece is in its life: `active` is for sale; `draft` is being prepared (not public yet);
 * `archived` is no longer sold (not public, its past orders still show it).
 */
export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Whether a stored product is public (a missing status, an item from before statuses, is active). */
export function isPublicProduct(item: { readonly status?: unknown }): boolean {
  return item.status === undefined || item.status === 'active';
}

export interface Collection {
  readonly id: string;
  readonly name: string;
}

/**
 * The widest rendition a listing card uses: cards are at most 260 CSS px wide (`product-card.tsx`),
 * 960 px covers them at 3× (a phone's half-width card needs 640).
 */
export const LISTING_PHOTO_MAX_WIDTH = 960;

/** A card's photo: the main photo's renditions up to `LISTING_PHOTO_MAX_WIDTH` (its alt is the card's name). */
export type ListingPhoto = Pick<ProductPhoto, 'id' | 'width' | 'height' | 'widths' | 'fallbackWidth' | 'placeholder'>;

/**
 * A piece as the catalogue listing (`GET /api/products`, the /shop page) carries it: only what a card
 * shows and the filters read. Everything else (description, every size, every photo) is in the product's
 * own answer (`GET /api/products/{id}`).
 */
export interface ListingProduct extends Pick<Product, 'id' | 'name' | 'type' | 'collection' | 'priceCents' | 'discountPercent'> {
  /**
   * Its readable address, only when it is not its id (a demo piece's id is its slug already): the
   * listing stays within its size budget; read it with {@link listingAddress}.
   */
  readonly slug?: string;
  /** Every size out of stock: the card says "Esgotado". */
  readonly soldOut: boolean;
  /** How many sizes the customer chooses from (0: a piece without sizes). */
  readonly sizes: number;
  /** The main photo, when the piece has one. */
  readonly photo?: ListingPhoto;
}

/** The last segment of a listed piece's address (`paths.product`): its slug, which is its id when it has none of its own. */
export function listingAddress(product: Pick<ListingProduct, 'id' | 'slug'>): string {
  return product.slug ?? product.id;
}

/** The listing's view of a product (`ListingProduct`): one place for the API and the pre-rendered /shop page. */
export function listingProduct(product: Product): ListingProduct {
  const [main] = product.photos;
  return {
    id: product.id,
    ...(product.slug !== product.id ? { slug: product.slug } : {}),
    name: product.name,
    type: product.type,
    collection: product.collection,
    priceCents: product.priceCents,
    discountPercent: product.discountPercent,
    soldOut: product.stock <= 0,
    sizes: hasSizes(product) ? product.variants.length : 0,
    ...(main ? { photo: listingPhoto(main) } : {}),
  };
}

function listingPhoto({ id, width, height, widths, fallbackWidth, placeholder }: ProductPhoto): ListingPhoto {
  const small = widths.filter((w) => w <= LISTING_PHOTO_MAX_WIDTH);
  return { id, width, height, widths: small.length ? small : widths.slice(0, 1), fallbackWidth, placeholder };
}
