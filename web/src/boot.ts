/**
 * The first script of a pre-rendered page. The page is whole HTML (text, prices, photos, styles) and
 * shows without JavaScript; the app (React, the router and the page's code, about 100 KB gzip) starts
 * once the page has loaded (the `load` event: its photos shown), at the shopper's first touch or key,
 * or after 3 s at the latest, so on a slow phone connection it does not share the line with the photos
 * the shopper waits for. Until it runs, the page's form controls are disabled (`useHydrated`), its
 * other buttons do nothing, and its links are plain links.
 *
 * The pre-renderer names the app's entry and every module it and the page import at once
 * (`<meta name="app-script">`, `<meta name="app-module">`: the tags Vite wrote in the app shell, and
 * the page's own); they are asked for here, all together. The app shell (`index.html`, for an address
 * with no pre-rendered page: nothing to show before the app) loads the app at once.
 */
import { APP_MODULE_META, APP_SCRIPT_META } from './lib/app-modules.ts';

/** The latest the app starts, page loaded or not (a photo that stalls must not keep the buttons off). */
const LATEST_START_MS = 3000;

let started = false;

/** The addresses the pre-renderer named in the head (the build's own files only). */
const named = (name: string) =>
  [...document.querySelectorAll<HTMLMetaElement>(`head > meta[name="${name}"]`)]
    .map((meta) => meta.content)
    .filter((href) => href.startsWith('/assets/'));

function start(): void {
  if (started) return;
  started = true;
  for (const href of named(APP_MODULE_META)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  for (const src of named(APP_SCRIPT_META)) {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = src;
    document.head.append(script);
  }
}

if (document.readyState === 'complete') start();
else {
  addEventListener('load', start, { once: true });
  // A shopper who touches the page (a tap, a key) wants it to work now.
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const)
    addEventListener(type, start, { once: true, passive: true, capture: true });
  setTimeout(start, LATEST_START_MS);
}
