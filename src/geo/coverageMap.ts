import { geoConicConformal, geoPath, type GeoProjection } from 'd3-geo'
import type { MultiPolygon, Polygon } from 'geojson'
import type { Catalogue, City } from '../catalog/index'
import { FRENCH_PROVINCES, STATE_NAMES } from '../catalog/cities'
import { frenchCities } from '../catalog/lists'
import type { Lang } from '../i18n/lang'
import { cityHubPath } from '../urls/paths'
import { areasOf, canadianProvinceBorders, outlineOf, US_STATES_FILE, withoutRepeats } from './outlines'

/**
 * The coverage map (docs/decisions/0016): a static SVG of the US states and of Canada with its provinces and territories, drawn at
 * build time with d3-geo, one dot per served city, each dot a link to the city's hub page with an accessible
 * name ("Miami, Florida"). No JavaScript. One shared file per language (`coverage-map.svg`, `fr/coverage-map.svg`: the French
 * map has the cities with French pages), written with the sitemap (src/build/siteFiles.ts).
 *
 * Projection: a Lambert conformal conic centred on 96° W (standard parallels 33° and 60° N) fitted to the states and
 * Canada, Hawaii left out of the fit and drawn in an inset at the bottom left with its own projection.
 */

export const MAP_FILES: Record<Lang, string> = { en: 'coverage-map.svg', fr: 'fr/coverage-map.svg' }
const WIDTH = 960
const INSET = { x: 8, width: 190, height: 110 }
/** A dot's radius (4), its stroke (1) and the rounding of the outlines to whole pixels: how far in the land is drawn. */
const MARGIN = 6

interface Frame {
  main: GeoProjection
  hawaii: GeoProjection
  height: number
  /** The outlines, as path data (whole pixels); `provinces`: the borders between Canada's provinces and territories. */
  paths: { states: string; canada: string; provinces: string; hawaii: string; insetBox: string }
}

/** What the frame is made of, as plain data: each projection's scale and translation (fitted to the map) and the outlines' paths. */
export interface FrameData {
  main: { scale: number; translate: [number, number] }
  hawaii: { scale: number; translate: [number, number] }
  height: number
  paths: Frame['paths']
}

let frame: Frame | undefined

/** The two projections before they are fitted: Lambert conformal conics, the main one centred on 96° W, Hawaii's on 157° W. */
const mainProjection = () => geoConicConformal().rotate([96, 0]).parallels([33, 60])
const hawaiiProjection = () => geoConicConformal().rotate([157, 0]).parallels([19, 22])

/** The frame of the map made from its data: the projections with their fitted scale and translation, clipped to the map. */
function frameOf(data: FrameData): Frame {
  const main = mainProjection().scale(data.main.scale).translate(data.main.translate)
  main.clipExtent([
    [0, 0],
    [WIDTH, data.height],
  ])
  const hawaii = hawaiiProjection().scale(data.hawaii.scale).translate(data.hawaii.translate)
  return { main, hawaii, height: data.height, paths: data.paths }
}

function mapFrame(): Frame {
  return (frame ??= frameOf(coverageFrameData()))
}

/**
 * Gives the map its frame as made before (the build keeps it between builds, src/build/keptValues.ts: projecting the
 * outlines takes ~50 ms of every build); coverageFrameData() otherwise makes it when first needed.
 */
export function setCoverageFrame(data: FrameData) {
  frame = frameOf(data)
}

/** The map's frame, made from the outlines (the us-atlas and world-atlas packages) and the projections. */
export function coverageFrameData(): FrameData {
  // The 49 states and DC (not Hawaii, drawn in the inset, nor the territories).
  const names = new Set(Object.values(STATE_NAMES.US).filter((n) => n !== 'Hawaii'))
  const states = areasOf(US_STATES_FILE, 'states').filter((a) => names.has(a.properties.name))
  const hawaiiArea = outlineOf('US', 'HI')!
  // Natural Earth 1:110,000,000: Canada's arctic coast at 1:50,000,000 alone would weigh more than every state.
  const canada = areasOf('world-atlas/countries-110m.json', 'countries').find((a) => a.properties.name === 'Canada')!
  const main = mainProjection()
  // Fitted to the land drawn, from western Alaska to Newfoundland and from the Keys and South Texas to Ellesmere Island,
  // MARGIN inside the frame; the Aleutians west of 170° W (across the antimeridian) are left out of the fit and clipped off.
  const land = {
    type: 'GeometryCollection' as const,
    geometries: [canada, ...states].map((area) => (area.properties.name === 'Alaska' ? eastOf170W(area.geometry) : area.geometry)),
  }
  main.fitWidth(WIDTH - 2 * MARGIN, land)
  const [x, y] = main.translate()
  main.translate([x + MARGIN, y + MARGIN])
  const height = Math.ceil(geoPath(main).bounds(land)[1][1]) + MARGIN
  const hawaii = hawaiiProjection()
  const box = { x0: INSET.x, y0: height - INSET.height - 8, x1: INSET.x + INSET.width, y1: height - 8 }
  hawaii.fitExtent(
    [
      [box.x0 + 6, box.y0 + 6],
      [box.x1 - 6, box.y1 - 6],
    ],
    hawaiiArea,
  )
  const fitted: Omit<FrameData, 'paths'> = {
    main: { scale: main.scale(), translate: main.translate() },
    hawaii: { scale: hawaii.scale(), translate: hawaii.translate() },
    height,
  }
  // The outlines drawn with the projections as frameOf() makes them again from these figures.
  const { main: clipped, hawaii: inset } = frameOf({ ...fitted, paths: { states: '', canada: '', provinces: '', hawaii: '', insetBox: '' } })
  const draw = (projection: GeoProjection) => geoPath(projection).digits(0)
  return {
    ...fitted,
    paths: {
      states: draw(clipped)({ type: 'FeatureCollection', features: states }) ?? '',
      canada: draw(clipped)(canada) ?? '',
      provinces: withoutRepeats(draw(clipped)(canadianProvinceBorders()) ?? ''),
      hawaii: draw(inset)(hawaiiArea) ?? '',
      insetBox: `M${box.x0},${box.y0}H${box.x1}V${box.y1}H${box.x0}Z`,
    },
  }
}

/** The polygons of an outline that lie wholly east of 170° W (Alaska without the western Aleutians). */
function eastOf170W(geometry: Polygon | MultiPolygon): MultiPolygon {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  return { type: 'MultiPolygon', coordinates: polygons.filter((polygon) => polygon[0]!.every(([lon]) => lon! > -170 && lon! < 0)) }
}

/** Where a city's dot is in the map's coordinates (Hawaii's in the inset); undefined for a city without coordinates. */
function dotAt(city: Pick<City, 'coordinates' | 'country' | 'state'>): [number, number] | undefined {
  if (!city.coordinates) return undefined
  const { main, hawaii } = mapFrame()
  const point = (city.country === 'US' && city.state === 'HI' ? hawaii : main)([city.coordinates.lon, city.coordinates.lat])
  return point ? [Math.round(point[0] * 10) / 10, Math.round(point[1] * 10) / 10] : undefined
}

/**
 * A city's dot as percentages of the map's width and height (two decimals), for a "you are here" marker laid over the
 * shared map file on a hub page; undefined for a city without coordinates. The same in both languages' maps.
 */
export function dotPosition(city: Pick<City, 'coordinates' | 'country' | 'state'>): { x: number; y: number } | undefined {
  const at = dotAt(city)
  if (!at) return undefined
  const { height } = mapFrame()
  return { x: Math.round((at[0] / WIDTH) * 10000) / 100, y: Math.round((at[1] / height) * 10000) / 100 }
}

/** The map's size in its own units (its viewBox), for the pages that show it at its aspect ratio. */
export function coverageMapSize(): { width: number; height: number } {
  return { width: WIDTH, height: Math.round(mapFrame().height) }
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')

const TITLE: Record<Lang, (cities: number) => string> = {
  en: (n) => `Where we clean: ${n} cities in the USA and Canada`,
  fr: (n) => `Où nous intervenons : ${n} villes au Québec`,
}

/** The accessible name of a city's dot: "Miami, Florida", « Trois-Rivières, Québec ». */
function dotName(city: City, lang: Lang): string {
  return `${city.displayName.replace(/, [A-Z]{2}$/, '')}, ${lang === 'fr' ? (FRENCH_PROVINCES[city.state]?.name ?? city.stateName) : city.stateName}`
}

/**
 * The coverage map of one language: every city with pages in that language and coordinates, as a link to its hub page.
 * Links open in the top window (`target="_top"`), so they also work from an `<object>` embedding the file. `fill`: a
 * colour per city (the staff page of `npm start` colours the cities by where they stand in the search index).
 */
export function coverageMapSvg(catalogue: Catalogue, lang: Lang, { fill }: { fill?: (city: City) => string } = {}): string {
  const { height, paths } = mapFrame()
  const cities = (lang === 'fr' ? frenchCities(catalogue) : catalogue.cities).filter((c) => c.coordinates)
  // Smaller cities drawn last, so that they stay clickable on top of the larger ones next to them.
  const dots = cities.map((city) => {
    const [x, y] = dotAt(city)!
    const name = escape(dotName(city, lang))
    const colour = fill ? ` fill="${escape(fill(city))}"` : ''
    return `<a href="${cityHubPath(city.slug, lang)}" target="_top" aria-label="${name}"><title>${name}</title><circle cx="${x}" cy="${y}" r="4"${colour}/></a>`
  })
  const title = escape(TITLE[lang](cities.length))
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" role="group" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<path id="canada" d="${paths.canada}" fill="#f1f5f9" stroke="#94a3b8" stroke-width="0.6"/>` +
    // The provinces' borders (1:50,000,000) end where Canada's coast is drawn (1:110,000,000): clipped to it.
    `<clipPath id="canada-land"><use href="#canada"/></clipPath>` +
    `<path d="${paths.provinces}" fill="none" stroke="#94a3b8" stroke-width="0.5" clip-path="url(#canada-land)"/>` +
    `<path d="${paths.states}" fill="#e2e8f0" stroke="#fff" stroke-width="0.8"/>` +
    `<path d="${paths.insetBox}" fill="none" stroke="#cbd5e1"/>` +
    `<path d="${paths.hawaii}" fill="#e2e8f0" stroke="#fff" stroke-width="0.8"/>` +
    `<g fill="#047857" stroke="#fff" stroke-width="1">${dots.join('')}</g>` +
    `</svg>\n`
  )
}
