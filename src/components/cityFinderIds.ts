// The city finder's anchors, shared by the page (src/components/CityFinder.tsx) and its script (src/client/cityFinderLoader.ts),
// which must not load React for two strings.

/** The finder's section: the home hero's 'Find Local Services' leads to it. */
export const FINDER_ID = 'find'
/** The directory's A–Z list of every city: the finder's index, and what it falls back to without JavaScript. */
export const CITIES_A_Z_ID = 'cities-a-z'
