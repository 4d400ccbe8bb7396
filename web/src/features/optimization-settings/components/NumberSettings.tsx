import { useMemo, useState, type ReactNode } from 'react'
import { Alert, App, Button, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Tag } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { UseMutationResult } from '@tanstack/react-query'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ColumnsType } from 'antd/es/table'
import {
  DataTable,
  GRID_PAGE_SIZE,
  GRID_PAGE_SIZES,
  PageContainer,
  Permission,
  SaveModal,
  SearchBar,
  pagedList,
  usePermission,
  useTablePaging,
  useWhenChanged,
  type PermissionName,
} from '../../../components'
import { settingsListQuery } from '../api'
import { failureMessage, sortSaveErrors } from '../serverErrors'

/** One field of a parameters or machine form. */
export interface NumberField {
  name: string
  /** Translation key of the label. */
  label: string
  kind: 'number' | 'switch' | 'select'
  min?: number
  max?: number
  /** The value must be greater than min (not equal). */
  above?: boolean
  precision?: number
  unit?: string
  options?: { value: number; label: string }[]
  span?: number
}

/** A row of the list: a named setting with a default flag and its stamp. */
export interface NamedSetting {
  id: string
  name: string
  isDefault: boolean
  remark: string
  concurrencyStamp: string
}

export interface NumberSettingsPageProps<T extends NamedSetting, B> {
  /** Prefix of the test ids. */
  testId: string
  /** The list's query key part and its path. */
  kind: string
  base: string
  save: UseMutationResult<T, Error, { id?: string; body: B }>
  remove: UseMutationResult<void, Error, string>
  fields: NumberField[]
  /** The values a new setting starts with. */
  defaults: Record<string, number | boolean>
  /** Columns shown between the name and the remark. */
  columns: ColumnsType<T>
  createTitle: string
  editTitle: string
  confirmDelete: (row: T) => string
  permissions: { create: PermissionName; edit: PermissionName; remove: PermissionName }
}

/**
 * A list of named number settings (optimise parameters, saws) with search, create, edit, delete,
 * and the default shown as a tag and set from the list; exactly one is the default (the server
 * keeps it so).
 */
export function NumberSettingsPage<T extends NamedSetting, B>(props: NumberSettingsPageProps<T, B>) {
  const { testId, fields, permissions } = props
  const { t } = useTranslation('optimization-settings')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [filterText, setFilterText] = useState<string | undefined>()
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const list = pagedList(useQuery(settingsListQuery<T>(props.kind, props.base, { filterText, sorting, ...paging.request })))
  const [editing, setEditing] = useState<Partial<T> | null>(null)
  const canEdit = has(permissions.edit)
  const canDelete = has(permissions.remove)

  const bodyOf = (row: Partial<T>, patch: Record<string, unknown> = {}) => {
    const out: Record<string, unknown> = { name: row.name, remark: row.remark ?? '', isDefault: row.isDefault ?? false, concurrencyStamp: row.concurrencyStamp }
    for (const f of fields) out[f.name] = (row as Record<string, unknown>)[f.name]
    return { ...out, ...patch } as B
  }

  const makeDefault = async (row: T) => {
    try {
      await props.save.mutateAsync({ id: row.id, body: bodyOf(row, { isDefault: true }) })
      message.success(t('madeDefault'))
    } catch (e) {
      message.error(failureMessage(e, tApp))
    }
  }

  const del = (row: T) =>
    modal.confirm({
      title: t('tips'),
      content: props.confirmDelete(row),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        try {
          await props.remove.mutateAsync(row.id)
          message.success(t('deleted'))
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          message.error(failureMessage(e, tApp))
        }
      },
    })

  const columns: ColumnsType<T> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('name'),
      sorter: true,
      width: 200,
      render: (_v, r) => (
        <Space size={4}>
          <span data-testid={`${testId}-name`}>{r.name}</span>
          {r.isDefault ? (
            <Tag color="blue" data-testid={`${testId}-default`}>
              {t('default')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    ...props.columns,
    { key: 'remark', dataIndex: 'remark', title: t('remark'), width: 160, ellipsis: true },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: 210,
      render: (_v, row) => (
        <Space size={0} data-testid={`${testId}-actions`} data-name={row.name}>
          {canEdit ? (
            <Button type="link" size="small" onClick={() => setEditing(row)} data-testid={`${testId}-edit`}>
              {t('edit')}
            </Button>
          ) : null}
          {canEdit && !row.isDefault ? (
            <Button type="link" size="small" onClick={() => void makeDefault(row)} data-testid={`${testId}-make-default`}>
              {t('makeDefault')}
            </Button>
          ) : null}
          {canDelete ? (
            <Button type="link" size="small" danger onClick={() => del(row)} data-testid={`${testId}-delete`}>
              {t('delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ]

  return (
    <PageContainer>
      <SearchBar
        fields={[{ name: 'filterText', label: t('filterText'), type: 'text' }]}
        onSearch={(v) => {
          setFilterText(typeof v.filterText === 'string' ? v.filterText : undefined)
          paging.reset()
        }}
        testId={`${testId}-search`}
      />
      <Space style={{ marginBottom: 12 }}>
        <Permission value={permissions.create}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid={`${testId}-add`}>
            {t('create')}
          </Button>
        </Permission>
      </Space>
      <DataTable<T>
        list={list}
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        emptyText={filterText ? t('emptySearch') : t('empty')}
        testId={testId}
        scroll={{ x: 1000 }}
      />
      <NumberSettingDialog<T, B>
        row={editing}
        onClose={() => setEditing(null)}
        fields={fields}
        defaults={props.defaults}
        save={props.save}
        title={editing?.id ? props.editTitle : props.createTitle}
        testId={testId}
        bodyOf={bodyOf}
      />
    </PageContainer>
  )
}

interface DialogProps<T extends NamedSetting, B> {
  row: Partial<T> | null
  onClose: () => void
  fields: NumberField[]
  defaults: Record<string, number | boolean>
  save: UseMutationResult<T, Error, { id?: string; body: B }>
  title: ReactNode
  testId: string
  bodyOf: (row: Partial<T>, patch?: Record<string, unknown>) => B
}

/** The create/edit dialog of a number setting: client checks mirror the server's ranges, whose messages show on their fields. */
function NumberSettingDialog<T extends NamedSetting, B>({ row, onClose, fields, defaults, save, title, testId, bodyOf }: DialogProps<T, B>) {
  const { t } = useTranslation('optimization-settings')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Record<string, unknown>>()
  const [notice, setNotice] = useState<string | null>(null)
  const formFields = useMemo(() => new Set(['name', 'remark', 'isDefault', ...fields.map((f) => f.name)]), [fields])

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    const values: Record<string, unknown> = { name: r.name ?? '', remark: r.remark ?? '', isDefault: r.isDefault ?? false }
    for (const f of fields) values[f.name] = (r as Record<string, unknown>)[f.name] ?? defaults[f.name]
    form.setFieldsValue(values)
    setNotice(null)
  })

  const submit = async () => {
    let values: Record<string, unknown>
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    try {
      await save.mutateAsync({ id: row?.id, body: bodyOf({ ...row, ...values, name: String(values.name ?? '').trim() } as Partial<T>) })
      message.success(t('saved'))
      onClose()
    } catch (e) {
      const sorted = sortSaveErrors(e, formFields, tApp)
      form.setFields(Object.entries(sorted.fields).map(([name, msg]) => ({ name, errors: [msg] })))
      setNotice(sorted.message)
    }
  }

  const rangeRule = (f: NumberField) => ({
    validator: (_: unknown, v: unknown) => {
      if (typeof v !== 'number') return Promise.reject(new Error(t('rules.required', { label: t(f.label) })))
      const low = f.min ?? -Infinity
      const bad = f.above ? v <= low : v < low
      if (bad || (f.max != null && v > f.max))
        return Promise.reject(
          new Error(f.above ? t('rules.positive', { label: t(f.label), max: f.max }) : t('rules.range', { label: t(f.label), min: f.min, max: f.max })),
        )
      return Promise.resolve()
    },
  })

  return (
    <SaveModal open={!!row} title={title} width={720} saving={save.isPending} onCancel={onClose} onSave={() => void submit()} saveTestId={`${testId}-save`}>
      <Form form={form} layout="vertical" data-testid={`${testId}-form`}>
        <Row gutter={12}>
          <Col span={16}>
            <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('rules.required', { label: t('name') }) }, { max: 64 }]}>
              <Input maxLength={64} data-testid={`${testId}-field-name`} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="isDefault" label={t('isDefault')} valuePropName="checked">
              <Switch data-testid={`${testId}-field-isDefault`} />
            </Form.Item>
          </Col>
          {fields.map((f) => (
            <Col span={f.span ?? 8} key={f.name}>
              {f.kind === 'switch' ? (
                <Form.Item name={f.name} label={t(f.label)} valuePropName="checked">
                  <Switch data-testid={`${testId}-field-${f.name}`} />
                </Form.Item>
              ) : f.kind === 'select' ? (
                <Form.Item name={f.name} label={t(f.label)}>
                  <Select options={f.options} data-testid={`${testId}-field-${f.name}`} />
                </Form.Item>
              ) : (
                <Form.Item name={f.name} label={t(f.label)} rules={[rangeRule(f)]}>
                  <InputNumber
                    style={{ width: '100%' }}
                    precision={f.precision}
                    addonAfter={f.unit}
                    data-testid={`${testId}-field-${f.name}`}
                  />
                </Form.Item>
              )}
            </Col>
          ))}
          <Col span={24}>
            <Form.Item name="remark" label={t('remark')} rules={[{ max: 256 }]}>
              <Input maxLength={256} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {notice ? <Alert type="error" showIcon title={notice} data-testid={`${testId}-notice`} /> : null}
    </SaveModal>
  )
}
