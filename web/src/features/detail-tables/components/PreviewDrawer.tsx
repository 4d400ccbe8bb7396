import { Alert, Button, Drawer, Empty, Flex, Space, Spin, Table, Tabs, Tag, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, errorToMessage } from '../../../components'
import { previewQuery } from '../api'
import type { ShownTable } from '../types'

export interface PreviewDrawerProps {
  open: boolean
  /** null: an order of a type with no configuration of its own. */
  orderTypeId: string | null
  /** The label of the selection previewed. */
  selectionLabel: string
  /** The page holds changes the server does not have yet. */
  dirty: boolean
  onClose: () => void
}

function TablePreview({ table }: { table: ShownTable }) {
  const { t } = useTranslation('detail-tables')
  const columns = table.columns ?? []
  const granted = table.grantedActions ?? []
  return (
    <div data-testid="preview-table" data-key={table.key}>
      {columns.length ? (
        <Table
          size="small"
          pagination={false}
          dataSource={[]}
          rowKey="id"
          scroll={{ x: 'max-content' }}
          columns={columns.map((c) => ({
            key: c.key,
            dataIndex: c.key,
            width: c.displayWidth || undefined,
            title: (
              <span data-testid="preview-column" title={c.compute ? `= ${c.compute}` : undefined}>
                {c.title || c.displayName || c.key}
                {c.compute ? <Typography.Text type="secondary"> ƒ</Typography.Text> : null}
              </span>
            ),
          }))}
          locale={{ emptyText: t('preview.noLines') }}
        />
      ) : (
        <Typography.Paragraph type="secondary">{t('preview.noColumns')}</Typography.Paragraph>
      )}
      <Space wrap style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{t('preview.granted')}</Typography.Text>
        {granted.length ? granted.map((a) => <Tag key={a}>{t(`action.${a}`)}</Tag>) : <Typography.Text type="secondary">–</Typography.Text>}
      </Space>
    </div>
  )
}

/**
 * What an order of the selected type shows now (GET …/detail-tables?orderTypeId=): a tab per
 * shown table, its required marker, its columns' titles and the actions the current user holds.
 * It reads the saved configuration, so the page's unsaved changes are not in it.
 */
export function PreviewDrawer({ open, orderTypeId, selectionLabel, dirty, onClose }: PreviewDrawerProps) {
  const { t } = useTranslation('detail-tables')
  const { t: tApp } = useTranslation()
  const q = useQuery({ ...previewQuery(orderTypeId), enabled: open })
  const failed = q.error instanceof HttpError ? errorToMessage({ status: q.error.status, data: q.error.data, timeout: q.error.timeout }, tApp).message : q.error ? String(q.error) : null

  return (
    <Drawer open={open} onClose={onClose} size="large" title={t('preview.title', { selection: selectionLabel })} destroyOnHidden>
      <div data-testid="preview">
        {dirty ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('preview.unsaved')} /> : null}
        {q.isLoading ? (
          <Flex justify="center">
            <Spin />
          </Flex>
        ) : failed ? (
          <Alert
            type="error"
            showIcon
            title={failed}
            action={
              <Button size="small" onClick={() => void q.refetch()}>
                {t('retry')}
              </Button>
            }
          />
        ) : q.data?.length ? (
          <Tabs
            items={q.data.map((tb) => ({
              key: tb.key,
              label: (
                <span data-testid="preview-tab">
                  {tb.required ? <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span> : null}
                  {tb.displayName}
                </span>
              ),
              children: <TablePreview table={tb} />,
            }))}
          />
        ) : (
          <Empty description={t('preview.none')} />
        )}
      </div>
    </Drawer>
  )
}
