import { useState, type HTMLAttributes } from 'react'
import { Alert, Button, Empty, Flex, Table, Tag, Typography, Upload } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, errorToMessage } from '../../../components'
import { previewFile } from '../api'
import type { PreviewResult } from '../types'

export interface PreviewPanelProps {
  /** The saved mapping the file is read through. */
  mappingId: string
}

/** Files the preview takes (the mapping's file types). */
export const PREVIEW_ACCEPT = '.xlsx,.csv'

type PreviewRow = NonNullable<PreviewResult['rows']>[number]

/** A typed value as text: booleans as yes/no, dates (RFC 3339) as dates, blanks as a dash. */
export function showValue(v: unknown, valueType: number, yes: string, no: string): string {
  if (v === null || v === undefined || v === '') return '–'
  if (typeof v === 'boolean') return v ? yes : no
  if (valueType === 4 && typeof v === 'string') {
    // As read (UTC, no zone shift): a date with no time of day shows as a date.
    const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(v)
    if (m) return m[2] === '00:00:00' ? m[1] : `${m[1]} ${m[2]}`
    return v
  }
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/**
 * "Try with a file": one .xlsx or .csv read through the saved mapping on the server, which
 * answers the first rows read as typed values and every value it could not read with its row
 * and column; nothing is stored.
 */
export function PreviewPanel({ mappingId }: PreviewPanelProps) {
  const { t } = useTranslation('import-mapping')
  const { t: tApp } = useTranslation()
  const [fileName, setFileName] = useState<string | null>(null)
  const preview = useMutation({ mutationFn: (file: File) => previewFile(mappingId, file) })

  const result = preview.data
  const fields = result?.fields ?? []
  const columns: ColumnsType<PreviewRow> = [
    { key: 'row', title: t('preview.row'), dataIndex: 'row', width: 70, fixed: 'left' },
    ...fields.map((f) => ({
      key: f.fieldName,
      title: (
        <span>
          {f.displayName} <Typography.Text type="secondary">({f.column})</Typography.Text>
        </span>
      ),
      render: (_: unknown, r: PreviewRow) => showValue(r.values?.[f.fieldName], f.valueType, t('yes'), t('no')),
    })),
  ]

  const failure = preview.isError
    ? errorToMessage(
        preview.error instanceof HttpError ? { status: preview.error.status, data: preview.error.data, timeout: preview.error.timeout } : { status: undefined },
        tApp,
      ).message
    : null
  const errors = result?.errors ?? []

  return (
    <div data-testid="preview-panel">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('preview.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('preview.help')}</Typography.Text>
        </div>
        <Upload
          accept={PREVIEW_ACCEPT}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            setFileName(file.name)
            preview.mutate(file)
            return false
          }}
        >
          <Button icon={<UploadOutlined />} loading={preview.isPending} data-testid="preview-upload">
            {t('preview.choose')}
          </Button>
        </Upload>
      </Flex>
      {failure ? <Alert type="error" showIcon title={failure} data-testid="preview-failed" /> : null}
      {result ? (
        <div data-testid="preview-result">
          <Typography.Paragraph>
            <Tag>{fileName}</Tag>
            <span data-testid="preview-summary">
              {t('preview.summary', { total: result.totalRows, valid: result.validRows, count: errors.length + (result.moreErrors ?? 0) })}
            </span>
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('preview.rowsHelp', { count: result.rows?.length ?? 0 })}</Typography.Text>
          <Table<PreviewRow>
            size="small"
            rowKey="row"
            pagination={false}
            dataSource={result.rows ?? []}
            columns={columns}
            scroll={{ x: 'max-content', y: 260 }}
            onRow={(r) => ({ 'data-testid': 'preview-row', 'data-row': r.row }) as HTMLAttributes<HTMLElement>}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.noRows')} /> }}
            style={{ marginTop: 4 }}
            data-testid="preview-rows"
          />
          {errors.length ? (
            <div style={{ marginTop: 8 }} data-testid="preview-errors">
              <Typography.Text type="danger" strong>
                {t('preview.errors', { count: errors.length + (result.moreErrors ?? 0) })}
              </Typography.Text>
              {/* The server's message names the row, the column and the field, in the user's language. */}
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 20, maxHeight: 220, overflow: 'auto' }}>
                {errors.map((e, i) => (
                  <li key={i} data-testid="preview-error" data-row={e.row} data-column={e.column}>
                    <Typography.Text type="danger">{e.message}</Typography.Text>
                  </li>
                ))}
              </ul>
              {result.moreErrors ? <Typography.Text type="secondary">{t('preview.moreErrors', { count: result.moreErrors })}</Typography.Text> : null}
            </div>
          ) : (
            <Alert type="success" showIcon title={t('preview.noErrors')} style={{ marginTop: 8 }} />
          )}
        </div>
      ) : null}
    </div>
  )
}
