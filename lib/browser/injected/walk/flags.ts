// Visibility verdict flags, one small integer per element and walk.

/** The element and everything under it is not rendered: left out of content and elements. */
export const HIDDEN = 1;
/** The element has no box of its own (display: contents, or zero size with visible overflow); its children are walked. */
export const NOBOX = 2;
/** The element is not painted (visibility: hidden/collapse), though a child may be. */
export const INVISIBLE = 8;
/** With HIDDEN: hidden by a visual trick (opacity, clipping, size, off-screen) rather than by display or attributes. */
export const SOFT = 16;
