import { useRef } from 'react'
import { App, Form, Input, InputNumber, Select } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { MAX_CODE, MAX_NAME, MAX_SORT, factoriesQuery, useSetupMutations, type Row } from '../api'
import { CODE_PATTERN, putServerErrors } from './setupForm'

/** Add a row (row null; sort: the order a new row starts with) or edit one. */
export interface RowDialogProps {
  open: boolean
  row: Row | null
  nextSort: number
  onClose: () => void
}

interface Values {
  factoryId: string
  code: string
  name: string
  sort: number
}

const FIELDS = new Set(['factoryId', 'code', 'name', 'sort'])

/** A storehouse row: its factory (fixed once made), code (unique in the factory), name and order. Enter saves. */
export function RowDialog({ open, row, nextSort, onClose }: RowDialogProps) {
  const { t } = useTranslation('warehouse')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { saveRow } = useSetupMutations()
  const factories = useQuery(factoriesQuery(open))
  const busy = useRef(false)

  useWhenChanged(open ? (row?.id ?? 'new') : null, (k) => {
    if (!k) return
    form.resetFields()
    form.setFieldsValue(row ? { factoryId: row.factoryId, code: row.code, name: row.name, sort: row.sort } : { sort: nextSort })
  })
  // A new row goes to the default factory unless one is chosen.
  const fallback = factories.data?.find((f) => f.isDefault)?.id ?? factories.data?.[0]?.id
  useWhenChanged(open && !row ? fallback : undefined, (id) => {
    if (id && !form.getFieldValue('factoryId')) form.setFieldsValue({ factoryId: id })
  })

  const submit = async () => {
    if (busy.current) return
    let v: Values
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    busy.current = true
    try {
      await saveRow.mutateAsync({
        id: row?.id,
        body: { factoryId: row ? undefined : v.factoryId, code: v.code.trim(), name: v.name.trim(), sort: v.sort ?? 0, concurrencyStamp: row?.concurrencyStamp },
      })
      message.success(t('setup.saved'))
      onClose()
    } catch (e) {
      const left = putServerErrors(form, e, FIELDS, tApp)
      if (left) message.error(left)
    } finally {
      busy.current = false
    }
  }
  const enter = () => void submit()
  const req = (field: string) => ({ required: true, whitespace: true, message: t('setup.rules.required', { field: t(`setup.field.${field}`) }) })
  const max = (n: number) => ({ max: n, message: t('setup.rules.max', { max: n }) })

  return (
    <SaveModal
      open={open}
      title={row ? t('setup.rowEditTitle', { code: row.code }) : t('setup.rowCreateTitle')}
      saving={saveRow.isPending}
      onCancel={onClose}
      onSave={enter}
      saveTestId="row-save"
    >
      <Form form={form} layout="vertical" data-testid="row-form">
        <Form.Item
          name="factoryId"
          label={t('setup.field.factory')}
          rules={[{ required: true, message: t('setup.rules.choose', { field: t('setup.field.factory') }) }]}
          extra={factories.data?.length === 0 ? t('setup.noFactory') : undefined}
        >
          <Select
            disabled={!!row}
            loading={factories.isPending}
            data-testid="row-factory"
            options={(factories.data ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.code})` }))}
          />
        </Form.Item>
        <Form.Item name="code" label={t('setup.field.code')} extra={t('setup.codeHint')} rules={[req('code'), max(MAX_CODE), { pattern: CODE_PATTERN, message: t('setup.rules.code') }]}>
          <Input autoFocus maxLength={MAX_CODE} onPressEnter={enter} data-testid="row-code" />
        </Form.Item>
        <Form.Item name="name" label={t('setup.field.name')} rules={[req('name'), max(MAX_NAME)]}>
          <Input maxLength={MAX_NAME} onPressEnter={enter} data-testid="row-name" />
        </Form.Item>
        <Form.Item
          name="sort"
          label={t('setup.field.sort')}
          rules={[{ type: 'integer', min: 0, max: MAX_SORT, message: t('setup.rules.range', { min: 0, max: MAX_SORT }) }]}
        >
          <InputNumber precision={0} style={{ width: '100%' }} onPressEnter={enter} data-testid="row-sort" />
        </Form.Item>
      </Form>
    </SaveModal>
  )
}
