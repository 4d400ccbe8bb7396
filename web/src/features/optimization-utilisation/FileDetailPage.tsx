import { useMemo } from 'react'
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Select, Space, Spin, Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import dayjs from 'dayjs'
import { PageContainer } from '../../components'
import { fileDetailQuery, filesQuery, type FileRun, type MaterialFigures } from './api'
import { Chart } from './components/Chart'
import { FigureCards } from './components/FigureCards'
import { boardsText, histogram, m2, pct } from './format'
import { LIST_PATH } from './paths'

const RUN_FINISHED = 2
const when = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-')

/**
 * optimization-utilisation/detail (/engineOptimization/utilizationRateByFileListDtl?id=&run=):
 * one import file's figures in a run of it (its latest finished one unless `run` names
 * another): cards, by material and thickness, the utilisation of each board as a histogram,
 * and every run it was in. Without `id` it offers the optimised files to choose from.
 */
export function FileDetailPage() {
  const { t } = useTranslation('optimization-utilisation')
  const [params, setParams] = useSearchParams()
  const id = params.get('id') ?? undefined
  const run = params.get('run') ?? undefined
  const detail = useQuery(fileDetailQuery(id, run))
  const choices = useQuery({ ...filesQuery({ skipCount: 0, maxResultCount: 200, sorting: 'finishedTime desc' }), enabled: !id })
  const d = detail.data
  const go = (next: { id?: string; run?: string }) =>
    setParams(
      () => {
        const p = new URLSearchParams()
        if (next.id) p.set('id', next.id)
        if (next.run) p.set('run', next.run)
        return p
      },
      { replace: true },
    )

  const option = useMemo(() => {
    const h = histogram(d?.boards ?? [])
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, bottom: 32, top: 24 },
      xAxis: { type: 'category', data: h.labels },
      yAxis: { type: 'value', minInterval: 1, name: t('chart.boardCount') },
      series: [{ name: t('chart.boardCount'), type: 'bar', data: h.counts, itemStyle: { color: '#1677ff' } }],
    }
  }, [d, t])

  if (!id)
    return (
      <PageContainer>
        <Card>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: 420, maxWidth: '100%' }}
              placeholder={t('detail.pick')}
              loading={choices.isPending}
              options={(choices.data?.items ?? []).map((f) => ({ value: f.importFileId, label: `${f.fileName} · ${f.planNo}` }))}
              onChange={(v: string) => go({ id: v })}
              data-testid="detail-pick"
            />
            {!choices.isPending && (choices.data?.items ?? []).length === 0 ? <Empty description={t('empty')} /> : <Empty description={t('detail.pickHint')} />}
          </Space>
        </Card>
      </PageContainer>
    )

  const materialColumns: ColumnsType<MaterialFigures> = [
    { key: 'materialCode', dataIndex: 'materialCode', title: t('col.materialCode') },
    { key: 'thickness', dataIndex: 'thickness', title: t('col.thickness'), align: 'right' },
    { key: 'boards', dataIndex: 'boards', title: t('col.boards'), align: 'right', render: boardsText },
    { key: 'boardsUsed', dataIndex: 'boardsUsed', title: t('col.boardsUsed'), align: 'right' },
    { key: 'pieces', dataIndex: 'pieces', title: t('col.pieces'), align: 'right' },
    { key: 'partsArea', dataIndex: 'partsArea', title: t('col.partsArea'), align: 'right', render: m2 },
    { key: 'boardsArea', dataIndex: 'boardsArea', title: t('col.boardsArea'), align: 'right', render: m2 },
    { key: 'offcutsKept', dataIndex: 'offcutsKept', title: t('col.offcutsKept'), align: 'right', render: boardsText },
    { key: 'utilisation', dataIndex: 'utilisation', title: t('col.utilisation'), align: 'right', render: pct },
    { key: 'wastePct', dataIndex: 'wastePct', title: t('col.wastePct'), align: 'right', render: pct },
  ]
  const shown = d?.runId ?? undefined
  const runColumns: ColumnsType<FileRun> = [
    { key: 'planNo', dataIndex: 'planNo', title: t('col.planNo'), render: (v: string) => <span data-testid="run-plan">{v}</span> },
    { key: 'status', dataIndex: 'status', title: t('col.status'), render: (v: number) => <Tag color={v === RUN_FINISHED ? 'green' : 'default'}>{t(`status.${v}`)}</Tag> },
    { key: 'files', dataIndex: 'files', title: t('col.runFiles'), align: 'right' },
    { key: 'creationTime', dataIndex: 'creationTime', title: t('col.creationTime'), render: when },
    { key: 'finishedAt', dataIndex: 'finishedAt', title: t('col.finishedTime'), render: when },
    {
      key: 'runUtilisation',
      title: `${t('col.utilisation')} (${t('col.planNo')})`,
      align: 'right',
      render: (_v, r) => (r.status === RUN_FINISHED ? pct(r.runFigures.utilisation) : '-'),
    },
    {
      key: 'fileUtilisation',
      title: `${t('col.utilisation')} (${t('col.fileName')})`,
      align: 'right',
      render: (_v, r) => (r.status === RUN_FINISHED && r.figures ? pct(r.figures.utilisation) : '-'),
    },
    {
      key: 'actions',
      title: t('col.actions'),
      render: (_v, r) =>
        r.status !== RUN_FINISHED ? null : r.id === shown ? (
          <Tag color="blue">{t('detail.current')}</Tag>
        ) : (
          <Button type="link" size="small" onClick={() => go({ id, run: r.id })} data-testid="run-view">
            {t('detail.view')}
          </Button>
        ),
    },
  ]

  const body = () => {
    if (detail.isPending) return <Spin />
    if (detail.isError || !d) return <Alert type="error" showIcon title={t('detail.notFound')} data-testid="detail-error" />
    return (
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small" data-testid="detail-head">
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('col.fileName')}>
              <span data-testid="detail-file">{d.fileName}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('col.orderNos')}>{d.orderNos}</Descriptions.Item>
            <Descriptions.Item label={t('col.pieces')}>{d.filePieces}</Descriptions.Item>
            <Descriptions.Item label={t('col.planNo')}>
              <span data-testid="detail-plan">{d.planNo || '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('col.finishedTime')}>{when(d.finishedTime)}</Descriptions.Item>
            <Descriptions.Item label={t('col.runFiles')}>
              {d.runId ? d.runFiles > 1 ? <Tag color="purple">{t('shared', { n: d.runFiles - 1 })}</Tag> : <Tag>{t('alone')}</Tag> : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.boards')}>
              <span data-testid="detail-boards">{boardsText(d.figures.boards)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('col.boardsUsed')}>{d.figures.boardsUsed}</Descriptions.Item>
            <Descriptions.Item label={t('col.offcutsKept')}>{boardsText(d.figures.offcutsKept)}</Descriptions.Item>
          </Descriptions>
        </Card>
        {d.runId ? (
          <>
            <FigureCards figures={d.figures} />
            <Card size="small" title={t('detail.materials')}>
              <Table<MaterialFigures>
                size="small"
                rowKey={(r) => `${r.materialCode}|${r.thickness}`}
                columns={materialColumns}
                dataSource={d.materials ?? []}
                pagination={false}
                data-testid="detail-materials"
                scroll={{ x: 900 }}
              />
            </Card>
            <Row gutter={16}>
              <Col span={24}>
                <Card size="small" title={t('chart.histogram')}>
                  <Chart option={option} height={260} testId="detail-histogram" />
                </Card>
              </Col>
            </Row>
          </>
        ) : (
          <Card>
            <Empty description={t('detail.noRuns')} data-testid="detail-no-runs" />
          </Card>
        )}
        <Card size="small" title={t('detail.runs')}>
          <Table<FileRun>
            size="small"
            rowKey="id"
            columns={runColumns}
            dataSource={d.runs ?? []}
            pagination={false}
            data-testid="detail-runs"
            scroll={{ x: 900 }}
          />
        </Card>
      </Space>
    )
  }
  return (
    <PageContainer>
      <div style={{ marginBottom: 8 }}>
        <Link to={LIST_PATH} data-testid="detail-back">
          {t('detail.back')}
        </Link>
      </div>
      {body()}
    </PageContainer>
  )
}
