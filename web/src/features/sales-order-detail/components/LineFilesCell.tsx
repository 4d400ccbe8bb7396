import { Button, Flex, Tooltip, Typography } from 'antd'
import { CloseOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { downloadFile } from '../api'
import type { LineFile } from '../types'
import { UploadButton, useFileUpload } from './FileUpload'

export interface LineFilesCellProps {
  orderId: string
  files: readonly LineFile[]
  /** The row is in edit mode: files are uploaded and taken off here. */
  editing: boolean
  disabled?: boolean
  /** The user may upload order files (the upload button). */
  canUpload: boolean
  /** Files the server saved, to put on the line. */
  onAdded: (files: LineFile[]) => void
  /** A file taken off the line (it is deleted on the server only when the edit ends without it). */
  onRemoved: (fileId: string) => void
  testId: string
  label: string
}

/**
 * A file column of a detail line (spec 000 §3–§4): the line's files, each downloaded through the
 * order files' token; in edit mode an upload button (the file panel's rules: up to 10 at once,
 * each refusal named) and a remove button per file.
 */
export function LineFilesCell({ orderId, files, editing, disabled, canUpload, onAdded, onRemoved, testId, label }: LineFilesCellProps) {
  const { t } = useTranslation('sales-order-detail')
  const { upload, uploading } = useFileUpload(orderId, 'line')

  const onFiles = async (selection: File[]) => {
    const saved = await upload(selection)
    const added = (saved ?? []).filter((r) => !!r.id).map((r) => ({ id: r.id as string, fileName: r.fileName }))
    if (added.length) onAdded(added)
  }

  return (
    <Flex vertical gap={2} data-testid={testId} aria-label={label}>
      {files.map((f) => (
        <Flex key={f.id} align="center" gap={2} data-testid="line-file" data-name={f.fileName} data-id={f.id}>
          <Typography.Link
            ellipsis
            style={{ maxWidth: 220 }}
            onClick={() => void downloadFile(orderId, f.id, f.fileName).catch((e: unknown) => console.error(e))}
            data-testid="line-file-name"
          >
            {f.fileName}
          </Typography.Link>
          {editing ? (
            <Tooltip title={t('files.removeFromLine', { name: f.fileName })}>
              <Button
                type="text"
                size="small"
                danger
                icon={<CloseOutlined />}
                disabled={disabled}
                aria-label={t('files.removeFromLine', { name: f.fileName })}
                onClick={() => onRemoved(f.id)}
                data-testid="line-file-remove"
              />
            </Tooltip>
          ) : null}
        </Flex>
      ))}
      {editing && canUpload ? (
        <UploadButton size="small" onFiles={(selection) => void onFiles(selection)} loading={uploading} disabled={disabled} testId="line-file-upload">
          {t('files.upload')}
        </UploadButton>
      ) : null}
    </Flex>
  )
}
