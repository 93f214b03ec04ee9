/**
 * How a pre-rendered page names the app's scripts for `boot.ts`, which loads them once the page has
 * loaded: `<meta name="app-script" content="/assets/…">` for the app's entry, `app-module` for each
 * module to fetch with it.
 */
export const APP_SCRIPT_META = 'app-script';
export const APP_MODULE_META = 'app-module';
