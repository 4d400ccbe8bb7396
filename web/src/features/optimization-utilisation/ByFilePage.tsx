import { useMemo, useState } from 'react'
import { Card, Empty, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import dayjs from 'dayjs'
import { PageContainer, SearchBar, type SearchField, type SearchValues } from '../../components'
import { byFileQuery, type FileUtilisation } from './api'
import { Chart } from './components/Chart'
import { FigureCards } from './components/FigureCards'
import { chartSeries, defaultRange, m2, pct } from './format'
import { detailPath } from './paths'

const str = (v: SearchValues[string]) => (typeof v === 'string' && v !== '' ? v : undefined)

/**
 * optimization-utilisation/by-file (/engineOptimization/utilizationRateByFile): each import
 * file's utilisation in its latest finished run over a period, as bars with the period's
 * average as a line, filtered by material; a bar opens the file's detail.
 */
export function ByFilePage() {
  const { t } = useTranslation('optimization-utilisation')
  const navigate = useNavigate()
  const initial = useMemo(() => ({ range: defaultRange() }), [])
  const [search, setSearch] = useState<SearchValues>(initial)
  const range = Array.isArray(search.range) ? search.range : undefined
  const q = useQuery(byFileQuery({ from: range?.[0], to: range?.[1], materialCode: str(search.materialCode) }))
  const items = useMemo(() => q.data?.items ?? [], [q.data])
  const total = q.data?.total
  // The materials of the period's runs (the same whatever material is chosen).
  const materials = q.data?.materials ?? []

  const fields: SearchField[] = [
    { name: 'range', label: t('field.dateRange'), type: 'dateRange' },
    { name: 'materialCode', label: t('field.material'), type: 'select', options: materials.map((m) => ({ value: m, label: m })), placeholder: t('field.allMaterials') },
  ]
  const option = useMemo(() => {
    const s = chartSeries(items)
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t('chart.utilisation'), t('chart.waste'), t('chart.average')] },
      grid: { left: 48, right: 24, bottom: 72, top: 40 },
      xAxis: { type: 'category', data: s.labels, axisLabel: { rotate: s.labels.length > 6 ? 30 : 0, width: 120, overflow: 'truncate' } },
      yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
      series: [
        { name: t('chart.utilisation'), type: 'bar', data: s.utilisation, itemStyle: { color: '#1677ff' }, cursor: 'pointer' },
        { name: t('chart.waste'), type: 'bar', data: s.waste, itemStyle: { color: '#ff7875' }, cursor: 'pointer' },
        {
          name: t('chart.average'),
          type: 'line',
          data: s.labels.map(() => total?.utilisation ?? 0),
          symbol: 'none',
          lineStyle: { type: 'dashed', color: '#52c41a' },
          itemStyle: { color: '#52c41a' },
        },
      ],
    }
  }, [items, total, t])

  const columns: ColumnsType<FileUtilisation> = [
    {
      key: 'fileName',
      dataIndex: 'fileName',
      title: t('col.fileName'),
      render: (v: string, r) => (
        <Link to={detailPath(r.importFileId, r.runId)} data-testid="file-link" data-name={v}>
          {v}
        </Link>
      ),
    },
    { key: 'planNo', dataIndex: 'planNo', title: t('col.planNo'), width: 150 },
    { key: 'finishedTime', dataIndex: 'finishedTime', title: t('col.finishedTime'), width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    { key: 'partsArea', dataIndex: 'partsArea', title: t('col.partsArea'), align: 'right', width: 120, render: m2 },
    { key: 'boardsArea', dataIndex: 'boardsArea', title: t('col.boardsArea'), align: 'right', width: 120, render: m2 },
    { key: 'utilisation', dataIndex: 'utilisation', title: t('col.utilisation'), align: 'right', width: 100, render: pct },
    { key: 'wastePct', dataIndex: 'wastePct', title: t('col.wastePct'), align: 'right', width: 100, render: pct },
  ]

  const empty = !q.isPending && items.length === 0
  return (
    <PageContainer>
      <SearchBar fields={fields} onSearch={setSearch} initialValues={initial} testId="by-file-search" />
      {q.isError ? (
        <Typography.Text type="danger">{t('chart.failed')}</Typography.Text>
      ) : empty ? (
        <Card style={{ marginTop: 8 }}>
          <Empty description={t('empty')} data-testid="by-file-empty" />
        </Card>
      ) : (
        <>
          <div style={{ marginTop: 8 }}>
            <FigureCards figures={total} files={items.length} />
          </div>
          <Card size="small" title={t('chart.title')} extra={<Typography.Text type="secondary">{t('chart.hint')}</Typography.Text>} style={{ marginTop: 16 }}>
            <Chart
              option={option}
              testId="by-file-chart"
              onPick={(i) => {
                const f = items[i]
                if (f) void navigate(detailPath(f.importFileId, f.runId))
              }}
            />
          </Card>
          <Table<FileUtilisation>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="importFileId"
            loading={q.isFetching}
            columns={columns}
            dataSource={items}
            pagination={false}
            data-testid="by-file-table"
            scroll={{ x: 900 }}
          />
        </>
      )}
    </PageContainer>
  )
}
