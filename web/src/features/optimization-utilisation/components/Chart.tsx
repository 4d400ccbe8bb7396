import { useEffect, useRef, useState } from 'react'
import { Alert } from 'antd'
import { useTranslation } from 'react-i18next'

type Instance = {
  setOption: (o: object, notMerge?: boolean) => void
  resize: () => void
  dispose: () => void
  on: (event: 'click', handler: (p: { dataIndex: number }) => void) => void
}

export interface ChartProps {
  /** The ECharts option; drawn again when it changes. */
  option: object
  /** A data item (bar) was clicked. */
  onPick?: (dataIndex: number) => void
  height?: number
  testId: string
}

/** An ECharts chart, loaded when it first draws (its own chunk). */
export function Chart({ option, onPick, height = 320, testId }: ChartProps) {
  const { t } = useTranslation('optimization-utilisation')
  const box = useRef<HTMLDivElement>(null)
  const pick = useRef(onPick)
  pick.current = onPick
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let disposed = false
    let chart: Instance | null = null
    const onResize = () => chart?.resize()
    void import('./echarts')
      .then(({ init }) => {
        if (disposed || !box.current) return
        chart = init(box.current) as unknown as Instance
        chart.setOption(option, true)
        chart.on('click', (p) => pick.current?.(p.dataIndex))
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
  }, [option])

  if (failed) return <Alert type="warning" showIcon title={t('chart.failed')} />
  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />
}
