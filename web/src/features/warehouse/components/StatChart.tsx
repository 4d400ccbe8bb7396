import { useEffect, useRef, useState } from 'react'
import { Alert } from 'antd'
import { useTranslation } from 'react-i18next'
import type { StatRow } from '../api'

/** The bar chart's series: pieces in and out per material (summed over thickness and kind). */
export function chartSeries(rows: StatRow[]): { materials: string[]; inQ: number[]; outQ: number[] } {
  const by = new Map<string, { in: number; out: number }>()
  for (const r of rows) {
    const s = by.get(r.materialCode) ?? { in: 0, out: 0 }
    s.in += r.inQuantity
    s.out += r.outQuantity
    by.set(r.materialCode, s)
  }
  const materials = [...by.keys()].filter((m) => (by.get(m)?.in ?? 0) + (by.get(m)?.out ?? 0) > 0)
  return { materials, inQ: materials.map((m) => by.get(m)?.in ?? 0), outQ: materials.map((m) => by.get(m)?.out ?? 0) }
}

/**
 * An ECharts bar chart of pieces in and out per material. ECharts is imported when the chart
 * first draws (its own chunk), so the shell and the other pages never load it.
 */
export function StatChart({ rows }: { rows: StatRow[] }) {
  const { t } = useTranslation('warehouse')
  const box = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let disposed = false
    let chart: { setOption: (o: object) => void; resize: () => void; dispose: () => void } | null = null
    const onResize = () => chart?.resize()
    void import('./echartsBar')
      .then(({ init }) => {
        if (disposed || !box.current) return
        chart = init(box.current)
        const s = chartSeries(rows)
        chart.setOption({
          tooltip: { trigger: 'axis' },
          legend: { top: 0, data: [t('statistics.in'), t('statistics.out')] },
          grid: { left: 40, right: 16, bottom: 32, top: 40 },
          xAxis: { type: 'category', data: s.materials },
          yAxis: { type: 'value', minInterval: 1 },
          series: [
            { name: t('statistics.in'), type: 'bar', data: s.inQ, itemStyle: { color: '#52c41a' } },
            { name: t('statistics.out'), type: 'bar', data: s.outQ, itemStyle: { color: '#ff4d4f' } },
          ],
        })
        window.addEventListener('resize', onResize)
      })
      .catch(() => {
        if (!disposed) setFailed(true)
      })
    return () => {
      disposed = true
      window.removeEventListener('resize', onResize)
      chart?.dispose()
    }
  }, [rows, t])

  if (failed) return <Alert type="warning" showIcon title={t('statistics.chartFailed')} />
  return <div ref={box} style={{ width: '100%', height: 320 }} data-testid="stat-chart" />
}
