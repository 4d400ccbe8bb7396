import type { HTMLAttributes } from 'react'
import { App, Button, Space, Tooltip } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { DataTable } from '../../../components'
import { MAX_UPLOAD_FILES, deleteFile, downloadFile, filesQuery, orderKeys, type FileCategory } from '../api'
import type { OrderFile } from '../types'
import { UploadButton, useFileUpload } from './FileUpload'

/** A size in bytes as people read it. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return ''
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB']
  let v = bytes / 1024
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`
}

export interface FilePanelProps {
  orderId: string
  category: FileCategory
  canUpload: boolean
  canDelete: boolean
  testId?: string
}

/**
 * The files of an order (spec 000 §2 "Order file panel"; the examine tab's review files too):
 * the list, an upload of up to 10 files at once (more are refused before anything is sent; each
 * file the server refuses is named in its own message), download through a token, and delete
 * after confirming.
 */
export function FilePanel({ orderId, category, canUpload, canDelete, testId = `files-${category}` }: FilePanelProps) {
  const { t } = useTranslation('sales-order-detail')
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const files = useQuery(filesQuery(orderId, category))
  const rows = files.data ?? []
  const { upload, uploading } = useFileUpload(orderId, category)

  const refresh = () => qc.invalidateQueries({ queryKey: orderKeys.files(orderId, category) })

  const onFiles = async (selection: File[]) => {
    if (await upload(selection)) await refresh()
  }

  const remove = (f: OrderFile) =>
    modal.confirm({
      title: t('tips'),
      content: t('files.confirmDelete', { name: f.fileName }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: async () => {
        await deleteFile(orderId, f.id)
        message.success(t('deleted'))
        await refresh()
      },
    })

  const columns: ColumnsType<OrderFile> = [
    {
      key: 'fileName',
      title: t('files.name'),
      ellipsis: true,
      render: (_: unknown, f) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void downloadFile(orderId, f.id, f.fileName).catch((e: unknown) => console.error(e))} data-testid="file-name">
          {f.fileName}
        </Button>
      ),
    },
    { key: 'fileType', title: t('files.type'), dataIndex: 'fileType', width: 90, ellipsis: true },
    { key: 'size', title: t('files.size'), width: 90, render: (_: unknown, f) => formatSize(f.size) },
    { key: 'creationTime', title: t('files.time'), width: 150, render: (_: unknown, f) => (f.creationTime ? dayjs(f.creationTime).format('YYYY-MM-DD HH:mm') : '') },
    {
      key: 'actions',
      title: t('actions'),
      width: 80,
      render: (_: unknown, f) => (
        <Space size={0}>
          <Tooltip title={t('files.download')}>
            <Button
              type="text"
              size="small"
              icon={<DownloadOutlined />}
              aria-label={t('files.download')}
              onClick={() => void downloadFile(orderId, f.id, f.fileName).catch((e: unknown) => console.error(e))}
              data-testid="file-download"
            />
          </Tooltip>
          {canDelete ? (
            <Tooltip title={t('delete')}>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => remove(f)} data-testid="file-delete" />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ]

  return (
    <div data-testid={testId}>
      {canUpload ? (
        <div style={{ marginBottom: 8 }}>
          <UploadButton onFiles={(selection) => void onFiles(selection)} loading={uploading} testId={`${testId}-upload`}>
            {t('files.upload')}
          </UploadButton>
          <span style={{ marginInlineStart: 8, color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{t('files.hint', { max: MAX_UPLOAD_FILES })}</span>
        </div>
      ) : null}
      <DataTable<OrderFile>
        list={{ rows, total: rows.length, isPending: files.isPending, isFetching: files.isFetching, isError: files.isError, refetch: files.refetch }}
        columns={columns}
        emptyText={t('files.empty')}
        onRow={(f) => ({ 'data-testid': 'file-row', 'data-name': f.fileName }) as HTMLAttributes<HTMLElement>}
        testId={testId}
      />
    </div>
  )
}
