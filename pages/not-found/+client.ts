import { showNotFound } from '../../src/client/notFound'

showNotFound()
