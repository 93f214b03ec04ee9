/**
 * The data a pre-rendered page was rendered from (`shared/pages.ts`): read once from the page's data
 * block, handed to the pages through a context so that hydration renders exactly what the server did,
 * with no fetch before the first view. The server's renderer provides the same context.
 */
import { createContext, useContext } from 'react';
import { useLocation } from './router.tsx';
import { PAGE_DATA_ELEMENT_ID, sameAddress, type PageData } from '#shared/pages.ts';

export const PageDataContext = createContext<PageData | undefined>(undefined);

/** The page's data block, when this document is a pre-rendered page (undefined for the app shell). */
export function readPageData(): PageData | undefined {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return undefined;
  }
}

/** The pre-rendered data, while the visitor is at the address it was rendered for. */
export function usePageData(): PageData | undefined {
  const data = useContext(PageDataContext);
  const { pathname, search } = useLocation();
  return data && sameAddress(data.url, pathname + search) ? data : undefined;
}

/** The pre-rendered data whatever the address (what every page shows alike: the collections). */
export function useAnyPageData(): PageData | undefined {
  return useContext(PageDataContext);
}
