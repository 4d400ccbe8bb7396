import { useRef } from 'react'
import { App, Form, Input, InputNumber, Radio, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { MAX_BINS_PER_LEVEL, MAX_CODE, MAX_LEVELS, MAX_NAME, STORAGE_BOARDS, STORAGE_OFFCUTS, useSetupMutations, type RowView, type Shelf } from '../api'
import { CODE_PATTERN, putServerErrors } from './setupForm'

/** Add a shelf (shelf null, in rowId when given) or edit one. */
export interface ShelfDialogProps {
  open: boolean
  shelf: Shelf | null
  rowId?: string
  rows: readonly RowView[]
  onClose: () => void
}

interface Values {
  rowId: string
  code: string
  name?: string
  storageType: number
  levels: number
  binsPerLevel: number
}

const FIELDS = new Set(['rowId', 'code', 'name', 'storageType', 'levels', 'binsPerLevel'])

/**
 * A shelf: its row, code (unique in the tenant), name, storage type (boards or offcuts) and
 * size, levels × positions per level (the server makes and names the bins; the dialog says how many).
 * Editing a smaller size removes bins (the server refuses, on the field, a bin holding stock).
 * Enter saves.
 */
export function ShelfDialog({ open, shelf, rowId, rows, onClose }: ShelfDialogProps) {
  const { t } = useTranslation('warehouse')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { saveShelf } = useSetupMutations()
  const busy = useRef(false)

  useWhenChanged(open ? (shelf?.id ?? `new:${rowId ?? ''}`) : null, (k) => {
    if (!k) return
    form.resetFields()
    form.setFieldsValue(
      shelf
        ? { rowId: shelf.rowId, code: shelf.code, name: shelf.name, storageType: shelf.storageType, levels: shelf.levels, binsPerLevel: shelf.binsPerLevel }
        : { rowId: rowId ?? rows[0]?.id, storageType: STORAGE_BOARDS, levels: 4, binsPerLevel: 5 },
    )
  })
  const code = Form.useWatch('code', form)
  const levels = Form.useWatch('levels', form)
  const perLevel = Form.useWatch('binsPerLevel', form)
  const sized = Number.isInteger(levels) && Number.isInteger(perLevel) && levels >= 1 && perLevel >= 1 && levels <= MAX_LEVELS && perLevel <= MAX_BINS_PER_LEVEL
  const shrinks = !!shelf && sized && (levels < shelf.levels || perLevel < shelf.binsPerLevel)

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
      await saveShelf.mutateAsync({
        id: shelf?.id,
        body: {
          rowId: v.rowId,
          code: v.code.trim(),
          name: v.name?.trim() || undefined,
          storageType: v.storageType,
          levels: v.levels,
          binsPerLevel: v.binsPerLevel,
          concurrencyStamp: shelf?.concurrencyStamp,
        },
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
  const range = (field: string, hi: number) => [
    { required: true, message: t('setup.rules.required', { field: t(`setup.field.${field}`) }) },
    { type: 'integer' as const, min: 1, max: hi, message: t('setup.rules.range', { min: 1, max: hi }) },
  ]
  const shown = (code ?? '').trim()

  return (
    <SaveModal
      open={open}
      title={shelf ? t('setup.shelfEditTitle', { code: shelf.code }) : t('setup.shelfCreateTitle')}
      saving={saveShelf.isPending}
      onCancel={onClose}
      onSave={enter}
      saveTestId="shelf-save"
      width={560}
    >
      <Form form={form} layout="vertical" data-testid="shelf-form">
        <Form.Item
          name="rowId"
          label={t('setup.field.row')}
          rules={[{ required: true, message: t('setup.rules.choose', { field: t('setup.field.row') }) }]}
          extra={rows.length === 0 ? t('setup.noRow') : undefined}
        >
          <Select data-testid="shelf-row" options={rows.map((r) => ({ value: r.id, label: `${r.factoryName} · ${r.name} (${r.code})` }))} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="code"
            label={t('setup.field.code')}
            extra={t('setup.codeHint')}
            rules={[req('code'), max(MAX_CODE), { pattern: CODE_PATTERN, message: t('setup.rules.code') }]}
            style={{ flex: 1 }}
          >
            <Input autoFocus maxLength={MAX_CODE} onPressEnter={enter} data-testid="shelf-code" />
          </Form.Item>
          <Form.Item name="name" label={t('setup.field.name')} rules={[max(MAX_NAME)]} style={{ flex: 1 }}>
            <Input maxLength={MAX_NAME} placeholder={shown} onPressEnter={enter} data-testid="shelf-name" />
          </Form.Item>
        </div>
        <Form.Item name="storageType" label={t('setup.field.storageType')}>
          <Radio.Group
            data-testid="shelf-storage-type"
            options={[
              { value: STORAGE_BOARDS, label: t('shelves.boards') },
              { value: STORAGE_OFFCUTS, label: t('shelves.offcuts') },
            ]}
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="levels" label={t('setup.field.levels')} rules={range('levels', MAX_LEVELS)} style={{ flex: 1 }}>
            <InputNumber precision={0} style={{ width: '100%' }} onPressEnter={enter} data-testid="shelf-levels" />
          </Form.Item>
          <Form.Item name="binsPerLevel" label={t('setup.field.binsPerLevel')} rules={range('binsPerLevel', MAX_BINS_PER_LEVEL)} style={{ flex: 1 }}>
            <InputNumber precision={0} style={{ width: '100%' }} onPressEnter={enter} data-testid="shelf-bins-per-level" />
          </Form.Item>
        </div>
        {sized ? (
          <Typography.Text type="secondary" data-testid="shelf-bins-preview">
            {t('setup.binsPreview', { count: levels * perLevel, levels, perLevel })}
          </Typography.Text>
        ) : null}
        {shrinks ? (
          <Typography.Paragraph type="warning" style={{ marginTop: 8, marginBottom: 0 }} data-testid="shelf-shrink-hint">
            {t('setup.shrinkHint')}
          </Typography.Paragraph>
        ) : null}
      </Form>
    </SaveModal>
  )
}
