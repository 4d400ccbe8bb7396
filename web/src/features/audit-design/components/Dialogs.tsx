import { useEffect, useState, type HTMLAttributes } from 'react'
import { Alert, Form, Input, Modal, Spin, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { DictionarySelect } from '../../../components'
import { logsQuery } from '../api'
import { logCode, type AuditLog } from '../types'

/** How the design review shows a time. */
export const formatTime = (v: string | null | undefined) => (v && dayjs(v).isValid() ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '')

/** Longest comment the server keeps (0012). */
export const MAX_COMMENT = 500

export interface CommentDialogProps {
  open: boolean
  title: string
  label: string
  /** The comment must be given (reject); its message when missing. */
  requiredMessage?: string
  count: number
  onCancel: () => void
  /** Resolves true when the action went through (the dialog closes), false to stay open. */
  onSubmit: (comment: string) => Promise<boolean>
}

/** A comment or reason for reject, send back and revoke; OK spins until the call returns. */
export function CommentDialog({ open, title, label, requiredMessage, count, onCancel, onSubmit }: CommentDialogProps) {
  const { t } = useTranslation('audit-design')
  const [form] = Form.useForm<{ comment?: string }>()
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    const { comment } = await form.validateFields()
    setBusy(true)
    try {
      if (await onSubmit(comment ?? '')) form.resetFields()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open={open}
      title={title}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'comment-confirm' }}
      data-testid="comment-dialog"
    >
      <Typography.Paragraph type="secondary">{t('comment.count', { count })}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="comment"
          label={label}
          rules={requiredMessage ? [{ required: true, whitespace: true, message: requiredMessage }] : []}
        >
          <Input.TextArea rows={4} maxLength={MAX_COMMENT} showCount data-testid="comment-input" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** The operation log of one sheet (spec 001 §3 "Audit log entry", §4 log codes), oldest first. */
export function LogDialog({ sheetId, title, onClose }: { sheetId: string | null; title?: string; onClose: () => void }) {
  const { t } = useTranslation('audit-design')
  const q = useQuery({ ...logsQuery(sheetId ?? ''), enabled: !!sheetId })
  const columns: ColumnsType<AuditLog> = [
    {
      key: 'operationState',
      title: t('log.col.operationState'),
      width: 100,
      render: (_, r) => <span data-testid="log-operation">{t(`log.code.${logCode(r.operationState)}`)}</span>,
    },
    { key: 'operationTime', title: t('log.col.operationTime'), width: 170, render: (_, r) => formatTime(r.operationTime) },
    { key: 'operationOperator', title: t('log.col.operationOperator'), dataIndex: 'operationOperator', width: 140 },
    { key: 'roleName', title: t('log.col.roleName'), dataIndex: 'roleName', width: 140 },
    { key: 'comment', title: t('log.col.comment'), dataIndex: 'comment', render: (v: string) => <span data-testid="log-comment">{v}</span> },
  ]
  return (
    <Modal open={!!sheetId} title={title ? `${t('log.title')} — ${title}` : t('log.title')} footer={null} width={860} onCancel={onClose} destroyOnHidden>
      {q.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : (
        <Table<AuditLog>
          rowKey="id"
          size="small"
          loading={q.isPending}
          dataSource={q.data ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: t('log.empty') }}
          onRow={() => ({ 'data-testid': 'log-row' }) as HTMLAttributes<HTMLElement>}
          data-testid="log-table"
        />
      )}
    </Modal>
  )
}

export interface DesignFrame {
  title: string
  /** Where the design is shown (asked when the dialog opens). */
  load: () => Promise<string>
}

/** A design in a full-screen dialog (Modal width 100%): the platform's viewer page in an iframe. */
export function DesignFrameDialog({ frame, onClose }: { frame: DesignFrame | null; onClose: () => void }) {
  const { t } = useTranslation('audit-design')
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    setUrl(null)
    setFailed(false)
    if (!frame) return
    let live = true
    frame.load().then(
      (u) => live && setUrl(u),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [frame])
  return (
    <Modal
      open={!!frame}
      title={frame?.title}
      footer={null}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 110px)' } }}
      onCancel={onClose}
      destroyOnHidden
      data-testid="design-dialog"
    >
      {failed ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : url ? (
        <iframe src={url} title={frame?.title} style={{ width: '100%', height: '100%', border: 0 }} data-testid="design-frame" />
      ) : (
        <Spin tip={t('design.loading')}>
          <div style={{ height: 200 }} />
        </Spin>
      )}
    </Modal>
  )
}

/** The quotation type (dictionary SalesOrderKuJiaLeQuotationType; factory price when it is empty). */
export function QuotationDialog({ open, onCancel, onSubmit }: { open: boolean; onCancel: () => void; onSubmit: (quotationName: string | undefined) => Promise<boolean> }) {
  const { t } = useTranslation('audit-design')
  const [value, setValue] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  return (
    <Modal
      open={open}
      title={t('quotation.title')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onCancel={onCancel}
      afterOpenChange={(o) => !o && setValue(undefined)}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'quotation-confirm' }}
      onOk={async () => {
        setBusy(true)
        try {
          await onSubmit(value)
        } finally {
          setBusy(false)
        }
      }}
      data-testid="quotation-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('quotation.type')}>
          <DictionarySelect
            code="SalesOrderKuJiaLeQuotationType"
            value={value}
            onChange={(v) => setValue(v)}
            useDefault
            allowClear
            placeholder={t('quotation.defaultType')}
            style={{ width: '100%' }}
            testId="quotation-type"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
