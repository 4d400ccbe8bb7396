import { useMemo, useState } from 'react'
import { Card, Col, Empty, Row, Statistic, Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { PageContainer, SearchBar, type SearchField, type SearchValues } from '../../components'
import { KIND_BOARD, KIND_OFFCUT, statisticsQuery, type StatRow } from './api'
import { StatChart } from './components/StatChart'

const DAY = 'YYYY-MM-DD'

/** The default range: the last 30 days, today included. */
export function defaultRange(now = dayjs()): [string, string] {
  return [now.subtract(29, 'day').format(DAY), now.format(DAY)]
}

/**
 * warehouse/statistics (余料统计, /offcut/statistics): pieces and m² in and out per material,
 * thickness and kind over a date range, what is on hand now, their totals and a bar chart.
 */
export function StatisticsPage() {
  const { t } = useTranslation('warehouse')
  const initial = useMemo(() => ({ range: defaultRange() }), [])
  const [search, setSearch] = useState<SearchValues>(initial)
  const range = Array.isArray(search.range) ? search.range : undefined
  const kind = typeof search.kind === 'number' ? search.kind : typeof search.kind === 'string' && search.kind !== '' ? Number(search.kind) : undefined
  const q = useQuery(
    statisticsQuery({
      from: range?.[0] || undefined,
      to: range?.[1] || undefined,
      materialCode: typeof search.materialCode === 'string' ? search.materialCode : undefined,
      kind,
    }),
  )
  const fields: SearchField[] = [
    { name: 'range', label: t('field.dateRange'), type: 'dateRange' },
    { name: 'materialCode', label: t('field.materialCode'), type: 'text' },
    { name: 'kind', label: t('kind.label'), type: 'select', options: [{ value: KIND_BOARD, label: t('kind.0') }, { value: KIND_OFFCUT, label: t('kind.1') }] },
  ]
  const rows = q.data?.items ?? []
  const totals = q.data?.totals
  const columns = useMemo<ColumnsType<StatRow>>(
    () => [
      { key: 'materialCode', dataIndex: 'materialCode', title: t('field.materialCode') },
      { key: 'thickness', dataIndex: 'thickness', title: t('field.thickness') },
      { key: 'kind', dataIndex: 'kind', title: t('kind.label'), render: (v: number) => <Tag color={v === KIND_OFFCUT ? 'orange' : 'blue'}>{t(`kind.${v}`)}</Tag> },
      { key: 'inQuantity', dataIndex: 'inQuantity', title: t('statistics.in') },
      { key: 'inArea', dataIndex: 'inArea', title: t('statistics.inArea') },
      { key: 'outQuantity', dataIndex: 'outQuantity', title: t('statistics.out') },
      { key: 'outArea', dataIndex: 'outArea', title: t('statistics.outArea') },
      { key: 'onHand', dataIndex: 'onHand', title: t('statistics.onHand') },
      { key: 'onHandArea', dataIndex: 'onHandArea', title: t('statistics.onHandArea') },
    ],
    [t],
  )
  const card = (testId: string, title: string, pieces: number | undefined, area: number | undefined) => (
    <Col xs={24} md={8}>
      <Card size="small" data-testid={testId}>
        <Statistic title={title} value={pieces ?? 0} suffix={t('statistics.pieces', { count: pieces ?? 0 }).replace(String(pieces ?? 0), '').trim()} />
        <span data-testid={`${testId}-area`}>{t('statistics.area', { area: (area ?? 0).toFixed(3) })}</span>
      </Card>
    </Col>
  )
  return (
    <PageContainer>
      <SearchBar fields={fields} onSearch={(v) => setSearch(v)} initialValues={initial} testId="stat-search" />
      <Row gutter={[16, 16]} style={{ marginTop: 8 }}>
        {card('stat-in', t('statistics.in'), totals?.inQuantity, totals?.inArea)}
        {card('stat-out', t('statistics.out'), totals?.outQuantity, totals?.outArea)}
        {card('stat-onhand', t('statistics.onHand'), totals?.onHand, totals?.onHandArea)}
      </Row>
      <Card size="small" title={t('statistics.chartTitle')} style={{ marginTop: 16 }}>
        {rows.some((r) => r.inQuantity + r.outQuantity > 0) ? <StatChart rows={rows} /> : <Empty description={t('statistics.empty')} />}
      </Card>
      <Table<StatRow>
        style={{ marginTop: 16 }}
        size="small"
        rowKey={(r) => `${r.materialCode}|${r.thickness}|${r.kind}`}
        loading={q.isPending}
        columns={columns}
        dataSource={rows}
        pagination={false}
        data-testid="stat-table"
      />
    </PageContainer>
  )
}
