import { defaultConfig, type Config } from 'lighthouse'
import AnchorElements from 'lighthouse/core/gather/gatherers/anchor-elements.js'

/** The DevTools protocol calls whose answer depends only on their parameters while the gatherer runs (the DOM is fixed). */
const SAME_ANSWER = new Set(['DOM.pushNodeByPathToFrontend', 'DOM.resolveNode', 'DOMDebugger.getEventListeners'])

/** What the gatherer uses of Lighthouse's context (LH.Gatherer.Context, a global type of Lighthouse's own build). */
type Send = (method: string, ...params: unknown[]) => Promise<unknown>
type Context = { driver: { defaultSession: { sendCommand: Send } } }

/**
 * Lighthouse 12's AnchorElements gatherer (the SEO audit "Links are crawlable" reads it), asking Chromium once per
 * element instead of once per link. For each link it asks for the event listeners of the link and of every one of its
 * ancestors, so a page of 500 links in lists asks about the same `<ul>`, `<main>` and `<body>` hundreds of times
 * (docs/decisions/0018-audit-one-lighthouse-run-or-median.md). Here each of those three calls is made once per set of parameters
 * and its answer shared: the gatherer's own code builds the same artifact from the same answers.
 */
class SharedAnswersAnchorElements extends AnchorElements {
  override getArtifact(context: Context) {
    const session = context.driver.defaultSession
    const send: Send = session.sendCommand.bind(session)
    const answers = new Map<string, Promise<unknown>>()
    const sendCommand = (method: string, ...params: unknown[]) => {
      if (!SAME_ANSWER.has(method)) return send(method, ...params)
      const key = `${method} ${JSON.stringify(params)}`
      let answer = answers.get(key)
      if (!answer) answers.set(key, (answer = send(method, ...params)))
      return answer
    }
    // The session and the driver as they are (their prototypes, their state), but for this one method.
    const sharing = Object.create(session, { sendCommand: { value: sendCommand } }) as Context['driver']['defaultSession']
    const driver = Object.create(context.driver, { defaultSession: { value: sharing } }) as Context['driver']
    return super.getArtifact({ ...context, driver } as Parameters<AnchorElements['getArtifact']>[0])
  }
}

/** Lighthouse's default configuration with the gatherer above in place of its own, and `options` for some of its audits. */
export function lighthouseConfig(options: Record<string, object> = {}): Config {
  return {
    ...defaultConfig,
    artifacts: defaultConfig.artifacts!.map((artifact) =>
      // `as never`: the class takes the context as declared above, not as Lighthouse's global type LH.Gatherer.Context.
      artifact.id === 'AnchorElements' ? { id: artifact.id, gatherer: { implementation: SharedAnswersAnchorElements as never } } : artifact,
    ),
    audits: defaultConfig.audits!.map((audit) => (typeof audit === 'string' && audit in options ? { path: audit, options: options[audit] } : audit)),
  }
}
