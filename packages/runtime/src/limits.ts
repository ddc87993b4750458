/** Default limits shared by every codec, generic and generated (README "Limits and policies"). */

/** Nesting levels (arrays, maps/objects, tags) allowed by default, in both directions. */
export const DEFAULT_MAX_DEPTH = 512;
