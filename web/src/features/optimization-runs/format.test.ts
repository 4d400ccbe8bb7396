import { describe, expect, it } from 'vitest'
import { groupByPattern, mmss, pct1 } from './format'
import type { ResultSheet } from './api'

const sheet = (index: number, pattern: number): ResultSheet => ({
  index, pattern, boardCode: 'B', material: 'PB18-WW', thickness: 18, length: 2440, width: 1220, utilisation: 0.8,
  cuts: [], parts: [], offcuts: [],
})

describe('run figures', () => {
  it('write saw time as mm:ss', () => {
    expect(mmss(0)).toBe('00:00')
    expect(mmss(65)).toBe('01:05')
    expect(mmss(3671.4)).toBe('61:11')
  })
  it('write shares as percents', () => {
    expect(pct1(0.8123)).toBe('81.2 %')
    expect(pct1(1)).toBe('100.0 %')
  })
  it('group identical boards by pattern with their count', () => {
    const g = groupByPattern({ sheets: [sheet(1, 0), sheet(2, 1), sheet(3, 0), sheet(4, 0)] })
    expect(g.map((x) => [x.pattern, x.count, x.sheet.index])).toEqual([[0, 3, 1], [1, 1, 2]])
    expect(groupByPattern({ sheets: null })).toEqual([])
  })
})
