import { useState } from 'react'
import { Alert, App, Badge, Button, Card, Col, Empty, Row, Space, Spin, Tabs, Typography } from 'antd'
import { ArrowLeftOutlined, FileExcelOutlined, SaveOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { HttpError, PageContainer, errorToMessage, usePermission } from '../../../components'
import { detailTablesQuery, downloadQuotation, invalidateOrderLists, moveStatus, orderKeys, orderQuery, putOrder } from '../api'
import { isDirty, useLineEdits } from '../lineEdits'
import { OrderScreenPermissions as P } from '../permissions'
import { useStatusLabel } from '../../../components/order-status'
import { useSaveLines } from '../useSaveLines'
import { LINE_TABLES, type DetailTable, type LineTableKey, type SalesOrder, type StatusAction } from '../types'
import { FilePanel } from './FilePanel'
import { LineTable } from './LineTable'
import { OrderHeader } from './OrderHeader'
import { StatusActions } from './StatusActions'
import { StatusLogList } from './StatusLogList'
import { AuditDesignPanel, AuditDesignTabLabel } from '../../audit-design'

/** The list the order screen belongs to (its menu entry). */
export const ORDER_LIST_PATH = '/sales/orders'

/** Statuses whose lines may still change: draft and submitted. */
export const LINES_EDITABLE = new Set([0, 10])

const isLineTable = (t: DetailTable): t is DetailTable & { key: LineTableKey } => (LINE_TABLES as readonly string[]).includes(t.key)

/**
 * The order screen (spec 000 §2 "Sales order detail"): the header with the status moves the
 * user may make, one tab per detail table the order's type shows (required ones marked), the
 * examine tab's review files, the order's files and its status log. Line changes are kept on the
 * page and sent as one batch update on Save and when the user leaves the order.
 */
export function OrderScreen({ orderId }: { orderId: string }) {
  const { t } = useTranslation('sales-order-detail')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const { has } = usePermission()
  const label = useStatusLabel()
  const order = useQuery(orderQuery(orderId))
  const orderTypeId = order.data?.orderTypeId ?? ''
  const canLines = has(P.Details)
  const tables = useQuery({ ...detailTablesQuery(orderTypeId), enabled: !!orderTypeId && canLines })
  const [edits, store] = useLineEdits()
  const { flush, saving, discardFiles } = useSaveLines(orderId, store, tables.data)
  const [quoting, setQuoting] = useState(false)
  const dirty = isDirty(edits)

  const onMove = async (action: StatusAction, comment?: string): Promise<boolean> => {
    if (!(await flush())) return false
    const current = qc.getQueryData<SalesOrder>(orderKeys.order(orderId))
    try {
      const moved = await moveStatus(orderId, action, current?.concurrencyStamp, comment)
      putOrder(qc, moved)
      await Promise.all([
        qc.invalidateQueries({ queryKey: orderKeys.order(orderId), exact: true }),
        qc.invalidateQueries({ queryKey: orderKeys.statusLogs(orderId) }),
        invalidateOrderLists(qc, orderId),
      ])
      message.success(t('status.moved', { status: label(moved?.status ?? current?.status ?? 0) }))
      return true
    } catch (e) {
      const m = e instanceof HttpError ? errorToMessage({ status: e.status, data: e.data, timeout: e.timeout }, tApp).message : String(e)
      message.error(m, 6)
      if (e instanceof HttpError && e.status === 409) void qc.invalidateQueries({ queryKey: orderKeys.order(orderId), exact: true })
      return false
    }
  }

  const quote = async () => {
    setQuoting(true)
    try {
      if (!(await flush())) return
      await downloadQuotation(orderId, `${order.data?.salesOrderId ?? 'quotation'}.xlsx`)
    } catch (e) {
      console.error(e)
    } finally {
      setQuoting(false)
    }
  }

  if (order.isPending)
    return (
      <div className="kerf-page-loading">
        <Spin />
      </div>
    )
  if (order.isError || !order.data)
    return (
      <PageContainer title={t('title')}>
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Space>
              <Button size="small" onClick={() => void order.refetch()}>
                {t('retry')}
              </Button>
              <Button size="small" onClick={() => navigate(ORDER_LIST_PATH)}>
                {t('backToList')}
              </Button>
            </Space>
          }
          data-testid="order-load-failed"
        />
      </PageContainer>
    )

  const o = order.data
  const editable = LINES_EDITABLE.has(o.status)
  const canEdit = has(P.DetailsEdit)
  const canFiles = has(P.Files)

  const tabs = (tables.data ?? []).map((tb) => {
    const title = tb.displayName || t(`table.${tb.key}`)
    return {
      key: tb.key,
      label: (
        <span data-testid={`tab-${tb.key}`} data-required={tb.required ? 'true' : 'false'}>
          {tb.required ? (
            <span style={{ color: '#ff4d4f', marginInlineEnd: 4 }} data-testid="required-mark" aria-label={t('required')}>
              *
            </span>
          ) : null}
          {title}
        </span>
      ),
      children: isLineTable(tb) ? (
        <LineTable
          orderId={orderId}
          orderNumber={o.salesOrderId}
          table={tb}
          editable={editable}
          canEdit={canEdit}
          canUploadFiles={canFiles}
          edits={edits}
          store={store}
          saving={saving}
          flush={flush}
          discardFiles={discardFiles}
        />
      ) : (
        <FilePanel orderId={orderId} category="examine" canUpload={canFiles} canDelete={canFiles} />
      ),
    }
  })

  // The design review's tab (docs/decisions/0012): after a scheme is chosen or cancelled, or the
  // last pass confirms the order, the order is read again; a quotation adds an order file.
  const auditTab = has('AuditDesign')
    ? {
        key: 'audit-design',
        label: <AuditDesignTabLabel />,
        children: (
          <AuditDesignPanel
            order={o}
            onOrderChanged={() =>
              Promise.all([
                qc.invalidateQueries({ queryKey: orderKeys.order(orderId), exact: true }),
                qc.invalidateQueries({ queryKey: orderKeys.statusLogs(orderId) }),
                invalidateOrderLists(qc, orderId),
              ])
            }
            onFilesChanged={() => qc.invalidateQueries({ queryKey: orderKeys.files(orderId, 'order') })}
          />
        ),
      }
    : null
  const shownTabs = auditTab ? [...tabs, auditTab] : tabs

  return (
    <PageContainer
      title={
        <Space>
          {t('title')}
          <Typography.Text copyable={{ text: o.salesOrderId }} style={{ fontSize: 'inherit' }}>
            {o.salesOrderId}
          </Typography.Text>
        </Space>
      }
      extra={
        <>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(ORDER_LIST_PATH)} data-testid="back-to-list">
            {t('backToList')}
          </Button>
          <Button icon={<FileExcelOutlined />} loading={quoting} onClick={() => void quote()} data-testid="quotation">
            {t('quotation')}
          </Button>
          <Badge dot={dirty}>
            <Button type="primary" icon={<SaveOutlined />} disabled={!dirty} loading={saving} onClick={() => void flush()} data-testid="save-lines">
              {t('save.button')}
            </Button>
          </Badge>
        </>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <OrderHeader order={o} />
        <StatusActions allowed={o.allowedActions} onMove={onMove} disabled={saving} />
        {dirty ? <Alert type="info" showIcon title={t('save.pending')} data-testid="unsaved" /> : null}
        {!canLines ? (
          auditTab ? (
            <Tabs items={[auditTab]} data-testid="detail-tabs" />
          ) : null
        ) : tables.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('loadFailed')}
            action={
              <Button size="small" onClick={() => void tables.refetch()}>
                {t('retry')}
              </Button>
            }
          />
        ) : tables.isPending ? (
          <Spin />
        ) : shownTabs.length ? (
          <Tabs items={shownTabs} data-testid="detail-tabs" />
        ) : (
          <Empty description={t('noTables')} />
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={15}>
            <Card size="small" title={t('files.title')}>
              <FilePanel orderId={orderId} category="order" canUpload={canFiles} canDelete={canFiles} />
            </Card>
          </Col>
          <Col xs={24} xl={9}>
            <Card size="small" title={t('log.title')}>
              <StatusLogList orderId={orderId} />
            </Card>
          </Col>
        </Row>
      </Space>
    </PageContainer>
  )
}
