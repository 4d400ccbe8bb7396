import { useMemo, useRef, useState } from 'react'
import { Alert, App, Checkbox, Col, Empty, Flex, Form, Input, Radio, Row, Spin, Switch, Tabs, Tag, Tree } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage, usePermission, useWhenChanged } from '../../../components'
import { allUnitsQuery, assignableRolesQuery, userQuery, userUnitsQuery, useUserMutations, type RoleDto } from '../api'
import { UsersPermissions } from '../permissions'
import {
  SERVER_FIELDS,
  checkForm,
  matchesRule,
  messagesByField,
  newUserValues,
  requiredRule,
  sameIds,
  toCreateBody,
  toUpdateBody,
  unitTree,
  userValues,
  type UserFormValues,
} from '../rules'

/** What the dialog does: create a user, or edit one (read afresh by id). */
export type UserDialogState = { mode: 'create' } | { mode: 'edit'; id: string; userName: string }

export interface UserDialogProps {
  state: UserDialogState | null
  onClose: () => void
}

type TabKey = 'info' | 'roles' | 'units'
const TAB_OF: Partial<Record<keyof UserFormValues, TabKey>> = { roleNames: 'roles', organizationUnitIds: 'units' }

/** Maximum lengths the server enforces (internal/identity create.go, users.go). */
export const MAX_LENGTH = { userName: 256, name: 64, surname: 64, email: 256, phoneNumber: 16, password: 128 } as const

/**
 * Create or edit a user: info (with gender, active, lockout, and the password on create), the
 * roles (checkboxes of the assignable roles; a new user starts with the default ones) and the
 * organisation units (a checkable tree, with AbpIdentity.OrganizationUnits). The server's
 * validation messages show on their fields, on the tab that holds them.
 */
export function UserDialog({ state, onClose }: UserDialogProps) {
  const { t } = useTranslation('users')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const { has } = usePermission()
  const [form] = Form.useForm<UserFormValues>()
  const [tab, setTab] = useState<TabKey>('info')
  const m = useUserMutations()
  const busy = useRef(false)
  const [saving, setSaving] = useState(false)
  const editId = state?.mode === 'edit' ? state.id : ''
  const canUnits = has(UsersPermissions.OrganizationUnits)

  const user = useQuery({ ...userQuery(editId), enabled: !!editId })
  const roles = useQuery({ ...assignableRolesQuery(), enabled: !!state })
  const units = useQuery({ ...allUnitsQuery(), enabled: !!state && canUnits })
  const userUnits = useQuery({ ...userUnitsQuery(editId), enabled: !!editId && canUnits })

  // ready when everything the form shows has arrived
  const ready =
    !!state && !!roles.data && (!canUnits || !!units.data) && (state.mode === 'create' || (!!user.data && (!canUnits || !!userUnits.data)))
  const failed = roles.isError || units.isError || user.isError || userUnits.isError
  const initialUnits = useMemo(() => (userUnits.data ?? []).map((u) => u.id), [userUnits.data])
  const initial = useMemo(() => {
    if (!ready || !state) return null
    return state.mode === 'create' ? newUserValues(roles.data ?? []) : userValues(user.data!, initialUnits)
  }, [ready, state, roles.data, user.data, initialUnits])

  useWhenChanged(state, () => setTab('info'))
  useWhenChanged(initial, (v) => {
    if (!v) return
    form.resetFields()
    form.setFieldsValue(v)
  })

  const treeData = useMemo(() => unitTree(units.data ?? []), [units.data])
  const editing = state?.mode === 'edit'

  const showServerErrors = (e: unknown) => {
    const byField = e instanceof HttpError ? messagesByField(e.data) : {}
    const known = Object.entries(byField).filter(([member]) => SERVER_FIELDS[member])
    if (known.length) {
      form.setFields(known.map(([member, errors]) => ({ name: SERVER_FIELDS[member], errors })))
      setTab(TAB_OF[SERVER_FIELDS[known[0][0]]] ?? 'info')
    }
    if (!known.length || known.length < Object.keys(byField).length) {
      const failedReq = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
      message.error(errorToMessage(failedReq, tApp).message)
    }
  }

  const submit = async () => {
    if (!state || !ready || busy.current) return
    const checked = await checkForm(form)
    if (!checked.values) {
      if (checked.failed) setTab(TAB_OF[checked.failed as keyof UserFormValues] ?? 'info')
      return
    }
    const values: UserFormValues = { ...form.getFieldsValue(true), ...checked.values }
    busy.current = true
    setSaving(true)
    try {
      let id: string
      if (state.mode === 'create') {
        id = (await m.create.mutateAsync(toCreateBody(values))).id
      } else {
        id = state.id
        await m.update.mutateAsync({ id, body: toUpdateBody(values, user.data?.concurrencyStamp) })
      }
      const unitIds = values.organizationUnitIds ?? []
      if (canUnits && !sameIds(unitIds, state.mode === 'create' ? [] : initialUnits)) {
        try {
          await m.units.mutateAsync({ id, ids: unitIds })
        } catch (e) {
          // the user is saved; only its units are not: say so, and let the user retry as an edit
          showServerErrors(e)
          message.warning(t('unitsNotSaved'))
          onClose()
          return
        }
      }
      message.success(state.mode === 'create' ? t('created') : t('updated'))
      onClose()
    } catch (e) {
      showServerErrors(e)
    } finally {
      busy.current = false
      setSaving(false)
    }
  }

  const enter = () => void submit()

  const info = (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name="userName" label={t('field.userName')} rules={[requiredRule(t, 'field.userName'), { max: MAX_LENGTH.userName, message: t('rule.max', { max: MAX_LENGTH.userName }) }]}>
          <Input autoFocus onPressEnter={enter} autoComplete="off" data-testid="user-form-userName" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="email" label={t('field.email')} rules={[{ type: 'email', message: t('rule.email') }, { max: MAX_LENGTH.email, message: t('rule.max', { max: MAX_LENGTH.email }) }]}>
          <Input onPressEnter={enter} autoComplete="off" data-testid="user-form-email" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="name" label={t('field.name')} rules={[{ max: MAX_LENGTH.name, message: t('rule.max', { max: MAX_LENGTH.name }) }]}>
          <Input onPressEnter={enter} data-testid="user-form-name" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="surname" label={t('field.surname')} rules={[{ max: MAX_LENGTH.surname, message: t('rule.max', { max: MAX_LENGTH.surname }) }]}>
          <Input onPressEnter={enter} data-testid="user-form-surname" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="phoneNumber" label={t('field.phoneNumber')} rules={[{ max: MAX_LENGTH.phoneNumber, message: t('rule.max', { max: MAX_LENGTH.phoneNumber }) }]}>
          <Input onPressEnter={enter} data-testid="user-form-phoneNumber" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="gender" label={t('field.gender')}>
          <Radio.Group
            options={[
              { value: 0, label: t('gender.0') },
              { value: 1, label: t('gender.1') },
              { value: 2, label: t('gender.2') },
            ]}
            data-testid="user-form-gender"
          />
        </Form.Item>
      </Col>
      {editing ? null : (
        <>
          <Col xs={24} sm={12}>
            <Form.Item
              name="password"
              label={t('field.password')}
              rules={[requiredRule(t, 'field.password'), { max: MAX_LENGTH.password, message: t('rule.max', { max: MAX_LENGTH.password }) }]}
            >
              <Input.Password onPressEnter={enter} autoComplete="new-password" data-testid="user-form-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="confirmPassword"
              label={t('field.confirmPassword')}
              dependencies={['password']}
              rules={[requiredRule(t, 'field.confirmPassword'), matchesRule('password', t('rule.passwordMismatch'))]}
            >
              <Input.Password onPressEnter={enter} autoComplete="new-password" data-testid="user-form-confirmPassword" />
            </Form.Item>
          </Col>
        </>
      )}
      <Col xs={12} sm={6}>
        <Form.Item name="isActive" label={t('field.isActive')} valuePropName="checked" tooltip={t('field.isActiveHelp')}>
          <Switch data-testid="user-form-isActive" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="lockoutEnabled" label={t('field.lockoutEnabled')} valuePropName="checked" tooltip={t('field.lockoutEnabledHelp')}>
          <Switch data-testid="user-form-lockoutEnabled" />
        </Form.Item>
      </Col>
    </Row>
  )

  const rolePane = (
    <Form.Item name="roleNames" extra={editing ? undefined : t('rolesHelp')}>
      <RoleChecks roles={roles.data ?? []} />
    </Form.Item>
  )

  const unitPane = (
    <Form.Item name="organizationUnitIds">
      <UnitChecks treeData={treeData} emptyText={t('unitsEmpty')} />
    </Form.Item>
  )

  let body
  if (failed)
    body = <Alert type="error" showIcon title={t('loadFailed')} data-testid="user-dialog-error" />
  else if (!ready)
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    )
  else
    body = (
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as TabKey)}
        items={[
          { key: 'info', label: <span data-testid="user-tab-info">{t('tab.info')}</span>, children: info, forceRender: true },
          { key: 'roles', label: <span data-testid="user-tab-roles">{t('tab.roles')}</span>, children: rolePane, forceRender: true },
          ...(canUnits ? [{ key: 'units', label: <span data-testid="user-tab-units">{t('tab.units')}</span>, children: unitPane, forceRender: true }] : []),
        ]}
      />
    )

  return (
    <SaveModal
      open={!!state}
      width={760}
      title={state?.mode === 'edit' ? t('editTitle', { name: state.userName }) : t('createTitle')}
      saving={saving}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="user-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="user-dialog" preserve>
        {body}
      </Form>
    </SaveModal>
  )
}

/** The assignable roles as checkboxes, with their default/public/static marks. */
function RoleChecks({ roles, value, onChange }: { roles: RoleDto[]; value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation('users')
  if (!roles.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rolesEmpty')} />
  return (
    <Checkbox.Group value={value} onChange={(v) => onChange?.(v as string[])} style={{ width: '100%' }} data-testid="user-form-roles">
      <Row gutter={[8, 8]}>
        {roles.map((r) => (
          <Col xs={24} sm={12} key={r.id}>
            <Checkbox value={r.name} data-testid={`user-role-${r.name}`}>
              {r.name}
              {r.isDefault ? <Tag style={{ marginInlineStart: 6 }}>{t('role.default')}</Tag> : null}
              {r.isStatic ? <Tag color="gold">{t('role.static')}</Tag> : null}
            </Checkbox>
          </Col>
        ))}
      </Row>
    </Checkbox.Group>
  )
}

/** The unit tree with a checkbox per unit; ticking a unit does not tick its children (membership is per unit). */
function UnitChecks({
  treeData,
  emptyText,
  value,
  onChange,
}: {
  treeData: ReturnType<typeof unitTree>
  emptyText: string
  value?: string[]
  onChange?: (v: string[]) => void
}) {
  if (!treeData.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
  return (
    <div style={{ maxHeight: 360, overflow: 'auto' }} data-testid="user-form-units">
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        titleRender={(n) => <span data-testid="user-unit">{String(n.title)}</span>}
        checkedKeys={{ checked: value ?? [], halfChecked: [] }}
        onCheck={(keys) => onChange?.((Array.isArray(keys) ? keys : keys.checked).map(String))}
      />
    </div>
  )
}
