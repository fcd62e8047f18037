/** Installs a width-aware window.matchMedia at the given width; returns a resize function. */
export declare function mockViewportWidth(initialWidth: number): (width: number) => void;
