import { describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import { boardsText, chartSeries, defaultRange, histogram, m2, pct } from './format'
import type { FileUtilisation } from './api'

describe('utilisation figures as the pages show them', () => {
  it('writes percents as the runs page does, areas to the litre of m², boards whole or to two decimals', () => {
    expect(pct(84.1)).toBe('84.10 %')
    expect(pct(undefined)).toBe('0.00 %')
    expect(m2(4.94)).toBe('4.940')
    expect(boardsText(3)).toBe('3')
    expect(boardsText(1.97)).toBe('1.97')
  })
  it('defaults to the last 30 days, today included', () => {
    expect(defaultRange(dayjs('2026-03-31'))).toEqual(['2026-03-02', '2026-03-31'])
  })
  it('puts each board in its tenth of utilisation; 100 % counts in the last', () => {
    const h = histogram([{ utilisation: 0 }, { utilisation: 9.99 }, { utilisation: 55 }, { utilisation: 90 }, { utilisation: 100 }])
    expect(h.counts).toEqual([2, 0, 0, 0, 0, 1, 0, 0, 0, 2])
    expect(h.labels[9]).toBe('90–100%')
  })
  it('charts a bar per file in the order given', () => {
    const f = (name: string, u: number, w: number) => ({ importFileId: name, fileName: name, utilisation: u, wastePct: w }) as FileUtilisation
    expect(chartSeries([f('a', 80, 5), f('b', 70, 9)])).toEqual({ labels: ['a', 'b'], ids: ['a', 'b'], utilisation: [80, 70], waste: [5, 9] })
  })
})
