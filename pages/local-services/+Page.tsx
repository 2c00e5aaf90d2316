import type { PageProps } from '../../src/pages/model'
import { DirectoryPage } from '../../src/pages/DirectoryPage'

export default function Page({ catalogue }: PageProps) {
  return <DirectoryPage catalogue={catalogue} />
}
