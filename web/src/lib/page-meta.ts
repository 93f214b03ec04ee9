/**
 * Per-page title, description, canonical address and sharing tags, and JSON-LD data blocks. In the
 * browser they are set on the document's head while the page is shown; on the server (pre-rendering,
 * `web/src/ssr/`) the same hooks hand them to the renderer, which writes them into the page's head.
 * JSON-LD is a data block, not a script: it is never executed, so `script-src 'self'` does not concern it.
 */
import { createContext, useContext, useEffect } from 'react';

export const SITE_NAME = 'Joias Inox';
/** The sharing picture (1200×630). */
export const SHARE_IMAGE_PATH = '/img/partilha.jpg';
const SHARE_IMAGE = { width: 1200, height: 630, alt: 'Joias Inox: fio dourado com pendente de coração e anéis em aço' } as const;

export interface PageMeta {
  /** The whole title, or a page name that gets ' | Joias Inox' appended (see `fullTitle`). */
  readonly title: string;
  readonly description: string;
  /** Use `title` as it is, without the site name. */
  readonly fullTitle?: boolean;
  readonly keywords?: string;
  /** Absolute or same-origin picture for sharing, with its size and text (the brand picture when absent). */
  readonly image?: { readonly url: string; readonly width: number; readonly height: number; readonly alt: string };
  readonly type?: 'website' | 'product';
  /** Pages that must not be indexed (not found, checkout steps). */
  readonly noindex?: boolean;
  /** The query the canonical address keeps (a listing filtered by type or collection); none by default. */
  readonly canonicalQuery?: string;
  /** The page says "not found": pre-rendered, it answers HTTP 404. */
  readonly notFound?: boolean;
  /** The page failed (the router's error page): pre-rendered, it answers 500 and is never kept. */
  readonly failed?: boolean;
}

/** What the server's renderer collects while it renders one page. */
export interface ServerHead {
  /** The shop's address (`https://…`), for absolute links. */
  readonly origin: string;
  meta?: PageMeta;
  readonly jsonLd: Set<string>;
}

/** Provided only by the server's renderer. */
export const ServerHeadContext = createContext<ServerHead | undefined>(undefined);

/** One tag of the head: `<meta name|property=… content=…>`. */
export interface HeadMetaTag {
  readonly attribute: 'name' | 'property';
  readonly key: string;
  readonly content: string;
}

/** The head of a page, as both the browser and the renderer write it. */
export function headTags(meta: PageMeta, origin: string, pathname: string): { title: string; canonical: string; tags: HeadMetaTag[] } {
  const title = meta.fullTitle ? meta.title : `${meta.title} | ${SITE_NAME}`;
  const canonical = new URL(meta.canonicalQuery ? `${pathname}?${meta.canonicalQuery}` : pathname, origin).href;
  const tags: HeadMetaTag[] = [
    { attribute: 'name', key: 'description', content: meta.description },
    ...(meta.keywords ? [{ attribute: 'name', key: 'keywords', content: meta.keywords } as const] : []),
    ...(meta.noindex ? [{ attribute: 'name', key: 'robots', content: 'noindex' } as const] : []),
    { attribute: 'property', key: 'og:title', content: title },
    { attribute: 'property', key: 'og:description', content: meta.description },
    { attribute: 'property', key: 'og:type', content: meta.type ?? 'website' },
    { attribute: 'property', key: 'og:url', content: canonical },
    { attribute: 'property', key: 'og:image', content: new URL(meta.image?.url ?? SHARE_IMAGE_PATH, origin).href },
    { attribute: 'property', key: 'og:image:width', content: String(meta.image?.width ?? SHARE_IMAGE.width) },
    { attribute: 'property', key: 'og:image:height', content: String(meta.image?.height ?? SHARE_IMAGE.height) },
    { attribute: 'property', key: 'og:image:alt', content: meta.image?.alt ?? SHARE_IMAGE.alt },
    { attribute: 'name', key: 'twitter:card', content: 'summary_large_image' },
  ];
  return { title, canonical, tags };
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | undefined): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setCanonical(href: string): void {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!element) {
    element = document.createElement('link');
    element.rel = 'canonical';
    document.head.append(element);
  }
  element.href = href;
}

/** The shop's address: the renderer's on the server, the page's own in the browser. */
export function useSiteOrigin(): string {
  const server = useContext(ServerHeadContext);
  return server ? server.origin : window.location.origin;
}

/** Sets the head for this page while it is shown. */
export function usePageMeta(meta: PageMeta): void {
  const server = useContext(ServerHeadContext);
  if (server) server.meta = meta;
  const { title, description, fullTitle, keywords, type, noindex, canonicalQuery } = meta;
  // The picture by value (a new object on each render is the same picture).
  const image = meta.image ? JSON.stringify(meta.image) : undefined;
  useEffect(() => {
    const picture = image ? (JSON.parse(image) as PageMeta['image']) : undefined;
    const head = headTags(
      { title, description, fullTitle, keywords, image: picture, type, noindex, canonicalQuery },
      window.location.origin,
      window.location.pathname,
    );
    document.title = head.title;
    setMeta('name', 'keywords', undefined);
    setMeta('name', 'robots', undefined);
    for (const tag of head.tags) setMeta(tag.attribute, tag.key, tag.content);
    setCanonical(head.canonical);
  }, [title, description, fullTitle, keywords, image, type, noindex, canonicalQuery]);
}

/** A JSON-LD block's text: `<` escaped so that no text in the data can close the element. */
export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * Adds a `<script type="application/ld+json">` data block to the head while mounted (null: none); the
 * blocks a pre-rendered page came with give way to the page's own.
 */
export function useJsonLd(data: object | null): void {
  const server = useContext(ServerHeadContext);
  const json = data ? jsonLdText(data) : null;
  if (server && json) server.jsonLd.add(json);
  useEffect(() => {
    for (const element of document.head.querySelectorAll('script[type="application/ld+json"][data-prerendered]')) element.remove();
    if (!json) return;
    const element = document.createElement('script');
    element.type = 'application/ld+json';
    element.textContent = json;
    document.head.append(element);
    return () => element.remove();
  }, [json]);
}
