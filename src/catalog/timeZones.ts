import tzLookup from 'tz-lookup'
import type { Coordinates } from '../geo/distance'
import type { Lang } from '../i18n/lang'

/**
 * The time zone of most of each state and province (IANA names). A city elsewhere in a state that spans two
 * zones (El Paso, Texas; Knoxville, Tennessee) carries its own in the `timezone` column of data/cities.csv.
 */
const STATE_TIME_ZONES: Readonly<Record<'US' | 'CA', Readonly<Record<string, string>>>> = {
  US: {
    AL: 'America/Chicago',
    AK: 'America/Anchorage',
    AZ: 'America/Phoenix',
    AR: 'America/Chicago',
    CA: 'America/Los_Angeles',
    CO: 'America/Denver',
    CT: 'America/New_York',
    DE: 'America/New_York',
    DC: 'America/New_York',
    FL: 'America/New_York',
    GA: 'America/New_York',
    HI: 'Pacific/Honolulu',
    ID: 'America/Boise',
    IL: 'America/Chicago',
    IN: 'America/Indiana/Indianapolis',
    IA: 'America/Chicago',
    KS: 'America/Chicago',
    KY: 'America/Kentucky/Louisville',
    LA: 'America/Chicago',
    ME: 'America/New_York',
    MD: 'America/New_York',
    MA: 'America/New_York',
    MI: 'America/Detroit',
    MN: 'America/Chicago',
    MS: 'America/Chicago',
    MO: 'America/Chicago',
    MT: 'America/Denver',
    NE: 'America/Chicago',
    NV: 'America/Los_Angeles',
    NH: 'America/New_York',
    NJ: 'America/New_York',
    NM: 'America/Denver',
    NY: 'America/New_York',
    NC: 'America/New_York',
    ND: 'America/Chicago',
    OH: 'America/New_York',
    OK: 'America/Chicago',
    OR: 'America/Los_Angeles',
    PA: 'America/New_York',
    RI: 'America/New_York',
    SC: 'America/New_York',
    SD: 'America/Chicago',
    TN: 'America/Chicago',
    TX: 'America/Chicago',
    UT: 'America/Denver',
    VT: 'America/New_York',
    VA: 'America/New_York',
    WA: 'America/Los_Angeles',
    WV: 'America/New_York',
    WI: 'America/Chicago',
    WY: 'America/Denver',
  },
  CA: {
    AB: 'America/Edmonton',
    BC: 'America/Vancouver',
    MB: 'America/Winnipeg',
    NB: 'America/Moncton',
    NL: 'America/St_Johns',
    NS: 'America/Halifax',
    NT: 'America/Yellowknife',
    NU: 'America/Iqaluit',
    ON: 'America/Toronto',
    PE: 'America/Halifax',
    QC: 'America/Toronto',
    SK: 'America/Regina',
    YT: 'America/Whitehorse',
  },
}

/** Whether a time zone name is one the platform knows ("America/Chicago"; not "Central" or "CST"). */
export function isTimeZone(name: string): boolean {
  let known = zonesChecked.get(name)
  if (known === undefined) zonesChecked.set(name, (known = name.includes('/') && makesFormat(name)))
  return known
}

/** Each name's answer: a format made for each row of cities.csv with a time zone took ~0.5 ms. */
const zonesChecked = new Map<string, boolean>()

function makesFormat(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const LOCALES: Record<Lang, string> = { en: 'en-US', fr: 'fr-CA' }
const names = new Map<string, string>()

/**
 * The name of a time zone as people say it, with no date in it: "Central Time", "heure de l’Est"; zones
 * without daylight saving time say so ("Mountain Standard Time" for Arizona).
 */
/**
 * The states and provinces whose land lies in more than one time zone: there a city's zone comes from its coordinates
 * (tz-lookup's map of the IANA zones), not from the state's main zone. Elsewhere the state's zone names it.
 */
const SEVERAL_ZONES: Readonly<Record<'US' | 'CA', ReadonlySet<string>>> = {
  US: new Set(['AK', 'FL', 'ID', 'IN', 'KS', 'KY', 'MI', 'NE', 'ND', 'OR', 'SD', 'TN', 'TX']),
  CA: new Set(['BC', 'NL', 'NT', 'NU', 'ON', 'QC', 'SK']),
}

/** A city's time zone when its row names none: from its coordinates where its state has several zones, else the state's. */
export function timeZoneAt(city: { country: 'US' | 'CA'; state: string; coordinates?: Coordinates }): string {
  if (city.coordinates && SEVERAL_ZONES[city.country].has(city.state)) return tzLookup(city.coordinates.lat, city.coordinates.lon)
  return STATE_TIME_ZONES[city.country][city.state]!
}

export function timeZoneName(zone: string, lang: Lang): string {
  const key = `${zone} ${lang}`
  let name = names.get(key)
  if (!name) {
    const parts = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date(Date.UTC(2026, 0, 15)))
    name = parts.find((p) => p.type === 'timeZoneName')?.value ?? zone
    names.set(key, name)
  }
  return name
}
