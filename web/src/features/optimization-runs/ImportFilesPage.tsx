import { useState } from 'react'
import { Alert, App, Button, Modal, Space, Table, Tag } from 'antd'
import { CheckCircleOutlined, DeleteOutlined, PlayCircleOutlined, UploadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import {
  DataTable,
  GRID_PAGE_SIZE,
  GRID_PAGE_SIZES,
  PageContainer,
  Permission,
  SearchBar,
  pagedList,
  usePermission,
  useTablePaging,
  type SearchField,
} from '../../components'
import { failureMessage } from '../optimization-settings/serverErrors'
import { filesQuery, useRunsMutations, verifyFile, type ImportFile, type Problem, type Verification } from './api'
import { FileRowsDrawer } from './components/FileRowsDrawer'
import { RunProgressCard } from './components/RunProgressCard'
import { UploadDialog } from './components/UploadDialog'
import { RunsPermissions as P } from './permissions'

const FILE_STATUS_COLORS = ['default', 'blue', 'green']

/**
 * optimization-runs/import-files (decision 0013): uploaded cut lists — search, upload through a
 * setting, verify, start a run on the selected files (default parameters and saw), delete, each
 * file's rows; a started run's progress is polled until it ends, with cancel and a link to the run.
 */
export function ImportFilesPage() {
  const { t } = useTranslation('optimization-runs')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [filter, setFilter] = useState<string | undefined>()
  const [status, setStatus] = useState<number | undefined>()
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const list = pagedList(useQuery(filesQuery({ filter, status, sorting, ...paging.request })))
  const { remove, start } = useRunsMutations()
  const [selected, setSelected] = useState<string[]>([])
  const [uploading, setUploading] = useState(false)
  const [rowsOf, setRowsOf] = useState<ImportFile | null>(null)
  const [verified, setVerified] = useState<{ file: ImportFile; result: Verification } | null>(null)
  const [verifying, setVerifying] = useState(false)
  const [runId, setRunId] = useState<string | null>(null)
  const [startError, setStartError] = useState<string | null>(null)

  const searchFields: SearchField[] = [
    { name: 'filter', label: t('files.filter'), type: 'text' },
    {
      name: 'status',
      label: t('files.status'),
      type: 'select',
      options: [0, 1, 2].map((v) => ({ value: v, label: t(`files.statuses.${v}`) })),
    },
  ]

  const selectedFiles = list.rows.filter((r) => selected.includes(r.id))

  const verify = async () => {
    if (selectedFiles.length !== 1) {
      message.warning(t('files.selectOne'))
      return
    }
    const file = selectedFiles[0]
    setVerifying(true)
    try {
      setVerified({ file, result: await verifyFile(file.id) })
      void list.refetch()
    } catch (e) {
      message.error(failureMessage(e, tApp))
    } finally {
      setVerifying(false)
    }
  }

  const startRun = async () => {
    if (selected.length === 0) {
      message.warning(t('files.selectSome'))
      return
    }
    setStartError(null)
    try {
      const run = await start.mutateAsync(selected)
      message.success(t('files.started', { planNo: run.planNo }))
      setRunId(run.id)
      setSelected([])
    } catch (e) {
      setStartError(failureMessage(e, tApp))
    }
  }

  const del = (row: ImportFile) =>
    modal.confirm({
      title: t('tips'),
      content: t('files.confirmDelete', { name: row.fileName }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        try {
          await remove.mutateAsync(row.id)
          message.success(t('deleted'))
          setSelected((s) => s.filter((id) => id !== row.id))
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          message.error(failureMessage(e, tApp))
        }
      },
    })

  const columns: ColumnsType<ImportFile> = [
    { key: 'fileName', dataIndex: 'fileName', title: t('files.fileName'), sorter: true, width: 220, render: (v: string) => <span data-testid="file-name">{v}</span> },
    { key: 'orderNos', dataIndex: 'orderNos', title: t('files.orderNos'), width: 200, ellipsis: true },
    { key: 'parts', dataIndex: 'parts', title: t('files.parts'), width: 80, align: 'right' },
    { key: 'pieces', dataIndex: 'pieces', title: t('files.pieces'), width: 80, align: 'right' },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('files.status'),
      sorter: true,
      width: 100,
      render: (v: number) => (
        <Tag color={FILE_STATUS_COLORS[v]} data-testid="file-status">
          {t(`files.statuses.${v}`)}
        </Tag>
      ),
    },
    { key: 'creationTime', dataIndex: 'creationTime', title: t('files.creationTime'), sorter: true, width: 160, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: 140,
      render: (_v, row) => (
        <Space size={0} data-testid="file-actions" data-name={row.fileName}>
          <Button type="link" size="small" onClick={() => setRowsOf(row)} data-testid="file-rows">
            {t('files.rows')}
          </Button>
          {has(P.Delete) ? (
            <Button type="link" size="small" danger onClick={() => del(row)} data-testid="file-delete">
              {t('files.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ]

  const problemColumns: ColumnsType<Problem> = [
    { key: 'row', dataIndex: 'row', title: t('verify.row'), width: 60 },
    { key: 'partName', dataIndex: 'partName', title: t('verify.partName'), width: 140 },
    { key: 'message', dataIndex: 'message', title: t('verify.message') },
  ]

  return (
    <PageContainer>
      <SearchBar
        fields={searchFields}
        onSearch={(v) => {
          setFilter(typeof v.filter === 'string' ? v.filter : undefined)
          setStatus(typeof v.status === 'number' ? v.status : undefined)
          paging.reset()
        }}
        testId="files-search"
      />
      {runId ? <RunProgressCard runId={runId} onClose={() => setRunId(null)} /> : null}
      {startError ? (
        <Alert type="error" showIcon closable onClose={() => setStartError(null)} style={{ marginBottom: 12 }} title={<span style={{ whiteSpace: 'pre-wrap' }}>{startError}</span>} data-testid="start-error" />
      ) : null}
      <Space style={{ marginBottom: 12 }} wrap>
        <Permission value={P.Upload}>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)} data-testid="files-upload">
            {t('files.upload')}
          </Button>
        </Permission>
        <Button icon={<CheckCircleOutlined />} loading={verifying} disabled={selected.length !== 1} onClick={() => void verify()} data-testid="files-verify">
          {t('files.verify')}
        </Button>
        <Permission value={P.Start}>
          <Button icon={<PlayCircleOutlined />} loading={start.isPending} disabled={selected.length === 0} onClick={() => void startRun()} data-testid="files-start">
            {selected.length > 0 ? `${t('files.start')} (${selected.length})` : t('files.start')}
          </Button>
        </Permission>
        {has(P.Delete) && selectedFiles.length === 1 ? (
          <Button danger icon={<DeleteOutlined />} onClick={() => del(selectedFiles[0])} data-testid="files-delete">
            {t('files.delete')}
          </Button>
        ) : null}
      </Space>
      <DataTable<ImportFile>
        list={list}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        emptyText={filter || status != null ? t('files.emptySearch') : t('files.empty')}
        testId="import-files"
        scroll={{ x: 1000 }}
      />
      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
      <FileRowsDrawer file={rowsOf} onClose={() => setRowsOf(null)} />
      <Modal
        open={!!verified}
        title={t('verify.title', { name: verified?.file.fileName ?? '' })}
        onCancel={() => setVerified(null)}
        footer={<Button onClick={() => setVerified(null)}>{t('close')}</Button>}
        width={720}
        destroyOnHidden
      >
        {verified?.result.ok ? (
          <Alert type="success" showIcon title={t('verify.ok')} data-testid="verify-ok" />
        ) : verified ? (
          <>
            <Alert type="error" showIcon title={t('verify.problems', { count: verified.result.problems?.length ?? 0 })} style={{ marginBottom: 12 }} data-testid="verify-problems" />
            <Table<Problem> size="small" rowKey={(p) => `${p.row}-${p.kind}-${p.message}`} columns={problemColumns} dataSource={verified.result.problems ?? []} pagination={false} scroll={{ y: 400 }} />
          </>
        ) : null}
      </Modal>
    </PageContainer>
  )
}
