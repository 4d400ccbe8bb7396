import { useMemo, useRef } from 'react'
import { App, AutoComplete, Col, Form, Input, InputNumber, Row, Switch, TreeSelect } from 'antd'
import type { Rule } from 'antd/es/form'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, errorToMessage, useAppConfig, validationErrorsByField, SaveModal } from '../../../components'
import { buildTree, menuListQuery, subtreeIds, toFormValues, useMenuMutations, type MenuFormValues, type MenuRow } from '../api'
import { useWhenChanged } from '../../../components'

export interface MenuDialogProps {
  /** The row to edit, a partial row (e.g. `{ parentId }`) to create, null when closed. */
  row: Partial<MenuRow> | null
  onClose: () => void
}

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/
/** Maximum lengths the server enforces (internal/menus/model.go). */
export const MAX_LENGTH = { name: 128, displayName: 128, path: 512, component: 256, icon: 128, permission: 256, activeMenu: 512 } as const

/** The form fields the server may name in validationErrors. */
const FORM_FIELDS = new Set<string>([
  'parentId', 'name', 'displayNameZhHans', 'displayNameEn', 'path', 'component', 'icon', 'order', 'permission', 'activeMenu',
])

const FLAGS = ['hidden', 'isExternal', 'noCache', 'affix', 'hostOnly', 'multiTenancyOnly'] as const

interface ParentOption {
  value: string
  title: string
  disabled?: boolean
  children?: ParentOption[]
}

function parentOptions(nodes: ReturnType<typeof buildTree>, blocked: Set<string>): ParentOption[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.displayName || n.name,
    disabled: blocked.has(n.id),
    children: n.children ? parentOptions(n.children, blocked) : undefined,
  }))
}

/** Create / edit a menu row. Server validation errors show on their fields. */
export function MenuDialog({ row, onClose }: MenuDialogProps) {
  const { t, i18n } = useTranslation('menus')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<MenuFormValues>()
  const { save } = useMenuMutations()
  const config = useAppConfig()
  const editing = !!row?.id
  const busy = useRef(false)

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue(toFormValues(r))
  })

  // the parent picker offers the whole menu, whatever the page's filter
  const all = useQuery({ ...menuListQuery('', i18n.language), enabled: !!row })
  const tree = useMemo(() => buildTree(all.data?.items ?? []), [all.data])
  const parents = useMemo(() => parentOptions(tree, row?.id ? subtreeIds(tree, row.id) : new Set()), [tree, row?.id])
  const permissionOptions = useMemo(() => {
    const auth = config.data?.auth
    const names = new Set([...Object.keys(auth?.policies ?? {}), ...Object.keys(auth?.grantedPolicies ?? {})])
    return [...names].sort().map((value) => ({ value }))
  }, [config.data])

  const external = Form.useWatch('isExternal', form)

  const required = (field: string): Rule => ({ required: true, whitespace: true, message: t('rule.required', { field: t(field) }) })
  const max = (n: number): Rule => ({ max: n, message: t('rule.max', { max: n }) })

  const submit = async () => {
    if (!row || busy.current) return
    const values = await form.validateFields()
    busy.current = true
    try {
      await save.mutateAsync({ id: row.id, values, concurrencyStamp: row.concurrencyStamp })
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      const known = Object.entries(byField).filter(([f]) => FORM_FIELDS.has(f))
      if (known.length) {
        form.setFields(known.map(([name, msg]) => ({ name: name as keyof MenuFormValues, errors: [msg] })))
      }
      if (known.length < Object.keys(byField).length || !known.length) {
        const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
        message.error(errorToMessage(failed, tApp).message)
      }
    } finally {
      busy.current = false
    }
  }

  return (
    <SaveModal
      open={!!row}
      width={820}
      title={t(editing ? 'editTitle' : 'createTitle')}
      saving={save.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="menu-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="menu-dialog">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="parentId" label={t('field.parentId')}>
              <TreeSelect
                allowClear
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeDefaultExpandAll
                placeholder={t('field.parentRoot')}
                treeData={parents}
                data-testid="menu-form-parentId"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('field.name')}
              tooltip={t('field.nameHelp')}
              rules={
                editing
                  ? []
                  : [required('field.name'), max(MAX_LENGTH.name), { pattern: NAME_PATTERN, message: t('rule.name') }]
              }
            >
              <Input disabled={editing} data-testid="menu-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="displayNameZhHans"
              label={t('field.displayNameZhHans')}
              rules={[required('field.displayNameZhHans'), max(MAX_LENGTH.displayName)]}
            >
              <Input data-testid="menu-form-displayNameZhHans" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="displayNameEn" label={t('field.displayNameEn')} rules={[max(MAX_LENGTH.displayName)]}>
              <Input data-testid="menu-form-displayNameEn" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="path"
              label={t('field.path')}
              dependencies={['isExternal']}
              rules={[
                required('field.path'),
                max(MAX_LENGTH.path),
                external
                  ? { pattern: /^https?:\/\//, message: t('rule.externalPath') }
                  : { pattern: /^\//, message: t('rule.path') },
              ]}
            >
              <Input data-testid="menu-form-path" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="component"
              label={t('field.component')}
              tooltip={t('field.componentHelp')}
              dependencies={['isExternal']}
              rules={[...(external ? [] : [required('field.component')]), max(MAX_LENGTH.component)]}
            >
              <Input data-testid="menu-form-component" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="icon" label={t('field.icon')} rules={[max(MAX_LENGTH.icon)]}>
              <Input data-testid="menu-form-icon" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="order" label={t('field.order')}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="menu-form-order" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="permission" label={t('field.permission')} tooltip={t('field.permissionHelp')} rules={[max(MAX_LENGTH.permission)]}>
              <AutoComplete
                allowClear
                options={permissionOptions}
                showSearch={{ filterOption: (input, o) => (o?.value ?? '').toString().toLowerCase().includes(input.toLowerCase()) }}
                data-testid="menu-form-permission"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="activeMenu" label={t('field.activeMenu')} rules={[max(MAX_LENGTH.activeMenu)]}>
              <Input data-testid="menu-form-activeMenu" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          {FLAGS.map((f) => (
            <Col xs={12} sm={8} md={4} key={f}>
              <Form.Item name={f} label={t(`field.${f}`)} valuePropName="checked">
                <Switch data-testid={`menu-form-${f}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </SaveModal>
  )
}
