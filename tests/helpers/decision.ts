import type { IndexDecision } from '../../src/pages/searchStatus'

/**
 * A decision that keeps no page out of search engines' index: for the tests of what pages show, which do not depend on
 * the build's measure (src/seo/searchIndex.ts). The tests of the index use the measure's own decision.
 */
export const NONE_OUT: IndexDecision = { out: new Set() }
