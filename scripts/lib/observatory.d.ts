// The part of @mdn/mdn-http-observatory (plain JavaScript, typed in JSDoc only) that scripts/audit-headers.ts uses.
declare module '@mdn/mdn-http-observatory' {
  interface ObservatoryTest {
    pass: boolean
    /** What the test found, e.g. `csp-implemented-with-no-unsafe-default-src-none`. */
    result: string
    /** Points added to (or taken from) the base score of 100. */
    scoreModifier: number
  }
  export function scan(hostname: string): Promise<{
    scan: { score: number; grade: string; responseHeaders?: Record<string, string> }
    tests: Record<string, ObservatoryTest>
  }>
}
