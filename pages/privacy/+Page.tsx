export { PageView as default } from '../../src/pages/PageView'
