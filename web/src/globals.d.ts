/** The app's version from web/package.json, replaced at build time (vite `define`). */
declare const __APP_VERSION__: string;
