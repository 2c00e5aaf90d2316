import { describe, expect, it } from 'vitest'
import { retentionDaysOf } from '../../../supabase/functions/_shared/quoteContract'
import { loadCatalogue } from '../../../src/catalog/index'
import { pageModel } from '../../../src/pages/model'
import { pageProps } from '../../../src/pages/props'
import { NONE_OUT } from '../../helpers/decision'

describe('RETENTION_DAYS', () => {
  it('is two years unless set, and a whole number of days from 1 to 36,500 when set', () => {
    expect([undefined, '', '  '].map(retentionDaysOf)).toEqual([730, 730, 730])
    expect(['1', '365', ' 90 ', '36500'].map(retentionDaysOf)).toEqual([1, 365, 90, 36_500])
    expect(['0', '-5', '1.5', 'two years', '36501'].map(retentionDaysOf)).toEqual([null, null, null, null, null])
  })

  it('is the period the privacy notice states, read at build time; a bad value stops the build', () => {
    const catalogue = loadCatalogue()
    const view = (value: string | undefined) => {
      const saved = process.env.RETENTION_DAYS
      if (value === undefined) delete process.env.RETENTION_DAYS
      else process.env.RETENTION_DAYS = value
      try {
        return pageProps(pageModel('/privacy', catalogue), catalogue, NONE_OUT).view
      } finally {
        if (saved === undefined) delete process.env.RETENTION_DAYS
        else process.env.RETENTION_DAYS = saved
      }
    }
    expect(view(undefined)).toEqual({ kind: 'privacy', retentionDays: 730 })
    expect(view('365')).toEqual({ kind: 'privacy', retentionDays: 365 })
    expect(() => view('forever')).toThrow('RETENTION_DAYS: expected a whole number of days from 1 to 36500, got "forever"')
  })
})
