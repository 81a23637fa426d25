/**
 * The customer widget's build (src/widget), generated into bundle.generated.js by
 * scripts/widget-bundle.ts before the server loads; that file is not committed, these types are.
 */
/** The widget's script (a classic script: React, the socket.io client and the chat). */
export declare const WIDGET_SCRIPT: string;
/** The widget's stylesheet (the theme's custom properties come from the page). */
export declare const WIDGET_STYLE: string;
/** A hash of both: the script's URL carries it, so a browser never runs an old copy. */
export declare const WIDGET_VERSION: string;
/** Issue 40: the loader a host page's snippet runs (src/widget/loader; GET /widget/loader.js). */
export declare const LOADER_SCRIPT: string;
