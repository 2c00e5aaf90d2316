import type { PageProps } from '../../src/pages/model'
import { AboutPage } from '../../src/pages/AboutPage'

export default function Page({ catalogue }: PageProps) {
  return <AboutPage catalogue={catalogue} />
}
