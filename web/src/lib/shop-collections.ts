/**
 * The collection names for the header menu: asked once per page load and shared by every render (a
 * pre-rendered page brings them in its data, so its first view needs no request).
 */
import { useEffect, useState } from 'react';
import type { Collection } from '#shared/product.ts';
import { api } from './api.ts';
import { useAnyPageData } from './page-data.ts';

let pending: Promise<readonly Collection[]> | undefined;

function loadCollections(): Promise<readonly Collection[]> {
  pending ??= api.collections().catch(() => {
    pending = undefined; // try again next time the menu opens
    return [];
  });
  return pending;
}

/** The collections (empty until loaded, or when they cannot be loaded). */
export function useCollections(): readonly Collection[] {
  const rendered = useAnyPageData()?.collections;
  const [collections, setCollections] = useState<readonly Collection[]>(rendered ?? []);
  useEffect(() => {
    let active = true;
    if (rendered) pending ??= Promise.resolve(rendered);
    void loadCollections().then((list) => active && setCollections(list));
    return () => {
      active = false;
    };
  }, [rendered]);
  return collections;
}
