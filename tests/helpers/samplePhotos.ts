// The photos the tests put into a copy of the site (tests/integration/photos.test.ts, tests/e2e/photos.test.ts): one for
// the home page's hero (a sideways phone photo with its GPS position), a service, two cities and the About page, in the
// formats and sizes the staff's photos come in, made by scripts/lib/testPhotos.ts.
import type { TestPhoto } from '../../scripts/lib/testPhotos'

export type SamplePhoto = TestPhoto & { file: string; entry: Record<string, string> }

export const SAMPLE_PHOTOS: readonly SamplePhoto[] = [
  {
    file: 'crew.jpg',
    width: 1600,
    height: 1200,
    sideways: true,
    gps: true,
    entry: {
      on: 'home',
      alt: 'A cleaning crew of three in green uniforms in a bright office lobby',
      alt_fr: 'Une équipe de trois personnes en uniforme vert dans le hall d’un bureau',
    },
  },
  {
    file: 'floor.png',
    width: 1400,
    height: 1050,
    format: 'png',
    seed: 1,
    entry: {
      on: 'service:strip-wax',
      alt: 'A freshly waxed vinyl floor reflecting the ceiling lights',
      alt_fr: 'Un plancher de vinyle fraîchement ciré',
      focus: 'bottom',
    },
  },
  {
    file: 'boise.webp',
    width: 1300,
    height: 1000,
    format: 'webp',
    seed: 2,
    entry: { on: 'city:boise', alt: 'Our crew’s van outside an office building in downtown Boise' },
  },
  {
    file: 'montreal.jpg',
    width: 1200,
    height: 900,
    seed: 3,
    entry: {
      on: 'city:montreal',
      alt: 'A clinic’s waiting room in Montréal after a night clean',
      alt_fr: 'La salle d’attente d’une clinique de Montréal après l’entretien de nuit',
      focus: '0.3,0.6',
    },
  },
  {
    file: 'team.jpg',
    width: 1500,
    height: 1000,
    seed: 4,
    entry: {
      on: 'about',
      alt: 'The founders with the first crew',
      alt_fr: 'Les fondateurs avec la première équipe',
      caption: 'Our first crew, 2009',
      credit: 'Jane Doe',
    },
  },
]
