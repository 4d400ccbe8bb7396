import { useEffect, useState } from 'react'
import { Alert, Form, Input, InputNumber, Select, Typography } from 'antd'
import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage } from '../../../components'
import { DIRECTION_IN, KIND_BOARD, KIND_OFFCUT, useBook, type Move } from '../api'

export interface BookDialogProps {
  /** In (receive) or out (issue); null: closed. */
  direction: number | null
  /** Values the form starts with (a stock row's kind, material and size when issuing from it). */
  initial?: Partial<Move>
  onClose: () => void
}

interface Values {
  kind: number
  materialCode: string
  thickness: number
  length: number
  width: number
  binCode?: string
  quantity: number
  reason?: string
}

/** The manual receipt or issue (POST /api/app/board-in-out-bound-logs/book). */
export function BookDialog({ direction, initial, onClose }: BookDialogProps) {
  const { t } = useTranslation('warehouse')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const book = useBook()
  const [error, setError] = useState<string | null>(null)
  const open = direction !== null

  useEffect(() => {
    if (!open) return
    setError(null)
    form.resetFields()
    form.setFieldsValue({ kind: KIND_BOARD, quantity: 1, ...initial } as Values)
  }, [open, initial, form])

  const save = async () => {
    let v: Values
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    setError(null)
    try {
      await book.mutateAsync({ ...v, binCode: v.binCode?.trim() || undefined, reason: v.reason?.trim() || undefined, direction: direction ?? DIRECTION_IN })
      message.success(t('book.booked'))
      onClose()
    } catch (e) {
      const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
      setError(errorToMessage(failed, tApp).message)
    }
  }

  const required = (field: string) => ({ required: true, message: t('book.required', { field: t(`field.${field}`) }) })
  const positive = (field: string) => ({ type: 'number' as const, min: 0.1, message: t('book.positive', { field: t(`field.${field}`) }) })

  return (
    <SaveModal
      open={open}
      title={direction === DIRECTION_IN ? t('book.receiveTitle') : t('book.issueTitle')}
      saving={book.isPending}
      onCancel={onClose}
      onSave={() => void save()}
      saveTestId="book-save"
      width={560}
    >
      <Form form={form} layout="vertical" data-testid="book-form">
        <Form.Item name="kind" label={t('kind.label')} rules={[{ required: true }]}>
          <Select
            data-testid="book-kind"
            options={[
              { value: KIND_BOARD, label: t('kind.0') },
              { value: KIND_OFFCUT, label: t('kind.1') },
            ]}
          />
        </Form.Item>
        <Form.Item name="materialCode" label={t('field.materialCode')} rules={[required('materialCode'), { max: 64 }]}>
          <Input data-testid="book-materialCode" maxLength={64} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          {(['thickness', 'length', 'width'] as const).map((f) => (
            <Form.Item key={f} name={f} label={t(`field.${f}`)} rules={[required(f), positive(f)]} style={{ flex: 1 }}>
              <InputNumber data-testid={`book-${f}`} min={0} style={{ width: '100%' }} />
            </Form.Item>
          ))}
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="binCode" label={t('field.binCode')} style={{ flex: 1 }}>
            <Input data-testid="book-binCode" maxLength={64} />
          </Form.Item>
          <Form.Item name="quantity" label={t('field.quantity')} rules={[required('quantity'), { type: 'number', min: 1, message: t('book.positive', { field: t('field.quantity') }) }]} style={{ flex: 1 }}>
            <InputNumber data-testid="book-quantity" min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="reason" label={t('field.reason')}>
          <Input data-testid="book-reason" maxLength={256} />
        </Form.Item>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('book.binHint')}
        </Typography.Text>
        {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid="book-error" /> : null}
      </Form>
    </SaveModal>
  )
}
