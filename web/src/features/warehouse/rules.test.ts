import { describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import { areaM2, binFill, sizeText, type StatRow } from './api'
import { chartSeries } from './components/StatChart'
import { fillColour } from './ShelvesPage'
import { defaultRange } from './StatisticsPage'
import { routes } from './routes'

const row = (materialCode: string, kind: number, inQuantity: number, outQuantity: number): StatRow => ({
  materialCode,
  thickness: 18,
  kind,
  inQuantity,
  outQuantity,
  inArea: 0,
  outArea: 0,
  onHand: 0,
  onHandArea: 0,
})

describe('warehouse rules', () => {
  it('registers the three offcut pages under the server menus’ component keys', () => {
    expect(Object.keys(routes).sort()).toEqual(['warehouse/inventory', 'warehouse/shelves', 'warehouse/statistics'])
  })
  it('sums the chart per material over kinds and leaves out materials that did not move', () => {
    const s = chartSeries([row('PB18-WW', 0, 40, 10), row('PB18-WW', 1, 4, 1), row('HDF5-W', 0, 0, 0), row('PB18-OK', 0, 25, 0)])
    expect(s).toEqual({ materials: ['PB18-WW', 'PB18-OK'], inQ: [44, 25], outQ: [11, 0] })
  })
  it('colours a bin by its fill against the 20-piece capacity', () => {
    expect(fillColour(0)).toBe('#f5f5f5')
    expect(fillColour(5)).toBe('#b7eb8f')
    expect(fillColour(15)).toBe('#ffd591')
    expect(fillColour(40)).toBe('#ffa39e')
    expect(binFill(10)).toBe(0.5)
  })
  it('computes m² and writes sizes', () => {
    expect(areaM2(2800, 2070, 40)).toBeCloseTo(231.84)
    expect(sizeText({ length: 2440, width: 1220, thickness: 18 })).toBe('2440×1220×18')
  })
  it('defaults the statistics to the last 30 days', () => {
    expect(defaultRange(dayjs('2025-03-31'))).toEqual(['2025-03-02', '2025-03-31'])
  })
})
