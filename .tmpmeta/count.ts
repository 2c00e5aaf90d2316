import '../src/build/productionMode'
import { loadCatalogue } from '../src/catalog/index'
import { entryAt, pageCount } from '../src/pages/entries'
import { propsHash } from '../src/pages/props'
const c = loadCatalogue('data')
// count objects visited that are not cached: wrap WeakMap.prototype.get
let misses = 0, gets = 0
const orig = WeakMap.prototype.get
const origSet = WeakMap.prototype.set
const sizes = new Map<string, number>()
WeakMap.prototype.set = function (k: any, v: any) { if (typeof v === 'string' && v.length === 22) { misses++; const key = Array.isArray(k) ? 'array' : Object.keys(k).slice(0,4).join(','); sizes.set(key, (sizes.get(key) ?? 0) + 1) } return origSet.call(this, k, v) }
const n = pageCount(c)
for (let i = 0; i < n; i++) propsHash(entryAt(c, i).props)
console.log('pages', n, 'hashed objects', misses)
console.log([...sizes].sort((a,b)=>b[1]-a[1]).slice(0,15))
