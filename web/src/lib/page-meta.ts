/**
 * Per-page title, description and sharing tags, set on the document's head (index.html holds the
 * home page's values for crawlers that do not run scripts), and JSON-LD data blocks. JSON-LD is a
 * data block, not a script: it is never executed, so `script-src 'self'` does not concern it.
 */
import { useEffect } from 'react';

export const SITE_NAME = 'Joias Inox';
/** The sharing picture (1200×630). */
export const SHARE_IMAGE_PATH = '/img/partilha.jpg';

export interface PageMeta {
  /** The whole title, or a page name that gets ' | Joias Inox' appended (see `fullTitle`). */
  readonly title: string;
  readonly description: string;
  /** Use `title` as it is, without the site name. */
  readonly fullTitle?: boolean;
  readonly keywords?: string;
  /** Absolute or same-origin picture for sharing. */
  readonly image?: string;
  readonly type?: 'website' | 'product';
  /** Pages that must not be indexed (not found, checkout steps). */
  readonly noindex?: boolean;
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

function absolute(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** Sets the head for this page while it is shown. */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, fullTitle, keywords, image, type, noindex } = meta;
  useEffect(() => {
    const text = fullTitle ? title : `${title} | ${SITE_NAME}`;
    document.title = text;
    setMeta('name', 'description', description);
    if (keywords) setMeta('name', 'keywords', keywords);
    setMeta('name', 'robots', noindex ? 'noindex' : undefined);
    setMeta('property', 'og:title', text);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', type ?? 'website');
    setMeta('property', 'og:url', absolute(window.location.pathname));
    setMeta('property', 'og:image', absolute(image || SHARE_IMAGE_PATH));
    setMeta('name', 'twitter:card', 'summary_large_image');
  }, [title, description, fullTitle, keywords, image, type, noindex]);
}

/**
 * Adds a `<script type="application/ld+json">` data block to the head while mounted (null: none).
 * `<` is escaped so that no text in the data can close the element.
 */
export function useJsonLd(data: object | null): void {
  const json = data ? JSON.stringify(data).replace(/</g, '\\u003c') : null;
  useEffect(() => {
    if (!json) return;
    const element = document.createElement('script');
    element.type = 'application/ld+json';
    element.textContent = json;
    document.head.append(element);
    return () => element.remove();
  }, [json]);
}
