// CSS goes into a page as the text of a <style> element, which nothing but `</style` (in any
// case) can end early. A text holding it is refused, never rewritten: the caller links the
// stylesheet, or draws the page's placeholder, instead.
export const fitsStyleElement = (css: string): boolean => !css.toLowerCase().includes('</style');
