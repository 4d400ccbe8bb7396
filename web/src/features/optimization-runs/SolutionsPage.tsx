import { useEffect, useMemo, useState } from 'react'
import { App, Button, Progress, Space, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import {
  DataTable,
  GRID_PAGE_SIZE,
  GRID_PAGE_SIZES,
  PageContainer,
  SearchBar,
  pagedList,
  saveBlob,
  usePermission,
  useTablePaging,
  type SearchField,
} from '../../components'
import { failureMessage } from '../optimization-settings/serverErrors'
import { RUN_FINISHED, downloadResult, isLive, runsQuery, useRunsMutations, type Run, type RunProgress } from './api'
import { BoardViewer } from './components/BoardViewer'
import { RunStatusTag } from './components/RunProgressCard'
import { mmss } from './format'
import { useRunProgress } from './liveProgress'
import { RunsPermissions as P } from './permissions'

/**
 * optimization-runs/solutions (decision 0013): the runs with their status and figures, live
 * progress of the running ones, cancel, the result JSON, and the boards of a finished run.
 * `?run=<id>` opens that run's boards.
 */
export function SolutionsPage() {
  const { t } = useTranslation('optimization-runs')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [params, setParams] = useSearchParams()
  const [search, setSearch] = useState<{ planNo?: string; status?: number; from?: string; to?: string }>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const runs = useQuery(runsQuery({ ...search, sorting, ...paging.request }))
  const list = pagedList(runs)
  const { cancel } = useRunsMutations()
  const liveIds = useMemo(() => list.rows.filter((r) => isLive(r.status)).map((r) => r.id), [list.rows])
  const progress = useRunProgress(liveIds)
  const progressOf = new Map<string, RunProgress>((progress.data ?? []).map((p) => [p.id, p]))
  // A live run that has ended: read the list again for its figures.
  const ended = liveIds.some((id) => {
    const p = progressOf.get(id)
    return p && !isLive(p.status)
  })
  const refetchRuns = runs.refetch
  useEffect(() => {
    if (ended) void refetchRuns()
  }, [ended, refetchRuns])

  const viewing = params.get('run')
  const viewingRun = list.rows.find((r) => r.id === viewing)
  const view = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        if (id) next.set('run', id)
        else next.delete('run')
        return next
      },
      { replace: true },
    )

  const searchFields: SearchField[] = [
    { name: 'planNo', label: t('runs.planNo'), type: 'text' },
    { name: 'status', label: t('runs.status'), type: 'select', options: [0, 1, 2, 3, 4].map((v) => ({ value: v, label: t(`progress.statuses.${v}`) })) },
    { name: 'range', label: t('runs.creationTime'), type: 'dateRange' },
  ]

  const doCancel = (row: Run) =>
    modal.confirm({
      title: t('tips'),
      content: t('runs.confirmCancel', { planNo: row.planNo }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-cancel' },
      onOk: async () => {
        try {
          await cancel.mutateAsync(row.id)
          message.success(t('progress.cancelled'))
        } catch (e) {
          message.error(failureMessage(e, tApp))
        }
      },
    })

  const download = async (row: Run) => {
    try {
      saveBlob(await downloadResult(row.id), `${row.planNo}.json`)
    } catch (e) {
      message.error(failureMessage(e, tApp))
    }
  }

  const finished = (r: Run) => r.status === RUN_FINISHED
  const dash = <Typography.Text type="secondary">-</Typography.Text>
  const columns: ColumnsType<Run> = [
    { key: 'planNo', dataIndex: 'planNo', title: t('runs.planNo'), width: 150, render: (v: string) => <span data-testid="run-plan-no">{v}</span> },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('runs.status'),
      sorter: true,
      width: 200,
      render: (_v, r) => {
        const p = progressOf.get(r.id)
        const status = p?.status ?? r.status
        return (
          <Space direction="vertical" size={0} style={{ width: '100%' }}>
            <RunStatusTag status={status} />
            {isLive(status) ? <Progress size="small" percent={Math.round(p?.percent ?? r.percent)} status="active" data-testid="run-row-progress" /> : null}
            {r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : null}
          </Space>
        )
      },
    },
    { key: 'files', dataIndex: 'files', title: t('runs.files'), width: 70, align: 'right' },
    { key: 'pieces', dataIndex: 'pieces', title: t('runs.pieces'), width: 70, align: 'right' },
    { key: 'boards', title: t('runs.boards'), width: 70, align: 'right', render: (_v, r) => (finished(r) ? r.boards : (progressOf.get(r.id)?.boards ?? dash)) },
    { key: 'utilisation', dataIndex: 'utilisation', title: t('runs.utilisation'), sorter: true, width: 90, align: 'right', render: (v: number, r) => (finished(r) ? `${v.toFixed(2)} %` : dash) },
    { key: 'waste', title: t('runs.waste'), width: 90, align: 'right', render: (_v, r) => (finished(r) ? `${r.wastePct.toFixed(2)} %` : dash) },
    { key: 'offcutsKept', dataIndex: 'offcutsKept', title: t('runs.offcutsKept'), width: 70, align: 'right', render: (v: number, r) => (finished(r) ? v : dash) },
    { key: 'cuts', dataIndex: 'cuts', title: t('runs.cuts'), width: 80, align: 'right', render: (v: number, r) => (finished(r) ? v : dash) },
    { key: 'cycles', dataIndex: 'cycles', title: t('runs.cycles'), width: 80, align: 'right', render: (v: number, r) => (finished(r) ? v : dash) },
    { key: 'sawTime', dataIndex: 'sawSeconds', title: t('runs.sawTime'), width: 90, align: 'right', render: (v: number, r) => (finished(r) ? mmss(v) : dash) },
    { key: 'creationTime', dataIndex: 'creationTime', title: t('runs.creationTime'), sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    { key: 'finishedAt', dataIndex: 'finishedAt', title: t('runs.finishedAt'), width: 150, render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : dash) },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: 220,
      render: (_v, r) => {
        const live = isLive(progressOf.get(r.id)?.status ?? r.status)
        return (
          <Space size={0} data-testid="run-actions" data-plan={r.planNo}>
            {finished(r) ? (
              <Button type="link" size="small" onClick={() => view(r.id)} data-testid="run-view">
                {t('runs.view')}
              </Button>
            ) : null}
            {finished(r) && has(P.Download) ? (
              <Button type="link" size="small" onClick={() => void download(r)} data-testid="run-download">
                {t('runs.download')}
              </Button>
            ) : null}
            {live && has(P.Cancel) ? (
              <Button type="link" size="small" danger onClick={() => doCancel(r)} data-testid="run-row-cancel">
                {t('runs.cancel')}
              </Button>
            ) : null}
          </Space>
        )
      },
    },
  ]

  const filtered = search.planNo || search.status != null || search.from || search.to
  return (
    <PageContainer>
      <SearchBar
        fields={searchFields}
        onSearch={(v) => {
          const range = Array.isArray(v.range) ? v.range : undefined
          setSearch({
            planNo: typeof v.planNo === 'string' ? v.planNo : undefined,
            status: typeof v.status === 'number' ? v.status : undefined,
            from: range?.[0],
            to: range?.[1],
          })
          paging.reset()
        }}
        testId="runs-search"
      />
      <DataTable<Run>
        list={list}
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        emptyText={filtered ? t('runs.emptySearch') : t('runs.empty')}
        testId="runs"
        scroll={{ x: 1600 }}
      />
      <BoardViewer runId={viewing} planNo={viewingRun?.planNo ?? ''} onClose={() => view(null)} />
    </PageContainer>
  )
}
