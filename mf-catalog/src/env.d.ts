/** Set by Rspack at run time: this remote's own base URL (publicPath 'auto'). */
declare let __webpack_public_path__: string | undefined;
