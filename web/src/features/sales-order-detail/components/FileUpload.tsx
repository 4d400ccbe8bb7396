import { useRef, useState, type ReactNode } from 'react'
import { App, Button, Upload } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { MAX_UPLOAD_FILES, uploadFiles, type FileCategory } from '../api'
import type { UploadResult } from '../types'

/** How long a failed file's message stays (spec 000 §8: 3 to 5 seconds). */
export const FILE_FAILURE_SECONDS = 4

/** The answers of an upload split into the saved files and the failed ones. */
export function splitResults(results: readonly UploadResult[]): { saved: UploadResult[]; failed: UploadResult[] } {
  return { saved: results.filter((r) => r.isSuccess), failed: results.filter((r) => !r.isSuccess) }
}

/**
 * Uploads files to an order the way every file list of the order screen does (spec 000 §5, §8):
 * at most 10 at once (more are refused before anything is sent), each file the server refuses
 * named in its own message for a few seconds, the count of files saved. `upload` answers the
 * files saved, or null when nothing was sent or the request failed.
 */
export function useFileUpload(orderId: string, category: FileCategory) {
  const { t } = useTranslation('sales-order-detail')
  const { message } = App.useApp()
  const [uploading, setUploading] = useState(false)

  const upload = async (selection: File[]): Promise<UploadResult[] | null> => {
    if (selection.length > MAX_UPLOAD_FILES) {
      message.warning(t('files.tooMany', { max: MAX_UPLOAD_FILES }))
      return null
    }
    setUploading(true)
    try {
      const { saved, failed } = splitResults(await uploadFiles(orderId, category, selection))
      for (const f of failed) message.error({ content: `${f.fileName}: ${f.errorMessage ?? ''}`, duration: FILE_FAILURE_SECONDS })
      if (saved.length) message.success(t('files.uploaded', { count: saved.length }))
      return saved
    } catch (e) {
      console.error(e)
      return null
    } finally {
      setUploading(false)
    }
  }
  return { upload, uploading }
}

export interface UploadButtonProps {
  /** Called once per selection, with every file chosen. */
  onFiles: (files: File[]) => void
  loading?: boolean
  disabled?: boolean
  size?: 'small' | 'middle'
  testId: string
  children: ReactNode
}

/** A button choosing several files at once; antd's own list of uploads is not shown. */
export function UploadButton({ onFiles, loading, disabled, size, testId, children }: UploadButtonProps) {
  // antd calls beforeUpload once per file of one selection, each time with the whole selection.
  const handled = useRef<WeakSet<object>>(new WeakSet())
  return (
    <Upload
      multiple
      showUploadList={false}
      disabled={disabled || loading}
      beforeUpload={(_file, selection) => {
        if (!handled.current.has(selection)) {
          handled.current.add(selection)
          onFiles(selection)
        }
        return Upload.LIST_IGNORE
      }}
    >
      <Button size={size} icon={<UploadOutlined />} loading={loading} disabled={disabled} data-testid={testId}>
        {children}
      </Button>
    </Upload>
  )
}
