/** Object layouts on the wire (README "Compact layout"). */
export type Layout = 'map' | 'compact';

export const LAYOUTS: readonly string[] = ['map', 'compact'];
