import { useRef } from 'react'
import { Alert, App, Form, Input, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage, useWhenChanged, validationErrorsByField } from '../../../components'
import { validated, toCreateRoleBody, toRoleValues, toUpdateRoleBody, useRoleMutations, type RoleDto, type RoleFormValues } from '../api'

export interface RoleDialogProps {
  /** The role to edit, `{}` to create one, null when closed. */
  role: Partial<RoleDto> | null
  onClose: () => void
}

/** Maximum length of a role name (internal/identity roles.go). */
export const MAX_ROLE_NAME = 256

const FIELDS = new Set(['name', 'isDefault', 'isPublic'])

/** Create or edit a role: name (read-only for a static role), default and public flags. */
export function RoleDialog({ role, onClose }: RoleDialogProps) {
  const { t } = useTranslation('roles')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<RoleFormValues>()
  const { create, update } = useRoleMutations()
  const busy = useRef(false)
  const editing = !!role?.id
  const isStatic = !!role?.isStatic

  useWhenChanged(role, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue(toRoleValues(r))
  })

  const submit = async () => {
    if (!role || busy.current) return
    const values = await validated(form)
    if (!values) return
    busy.current = true
    try {
      if (role.id) await update.mutateAsync({ id: role.id, body: toUpdateRoleBody(values, { name: role.name ?? '', isStatic, concurrencyStamp: role.concurrencyStamp ?? '' }) })
      else await create.mutateAsync(toCreateRoleBody(values))
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      const known = Object.entries(byField).filter(([f]) => FIELDS.has(f))
      if (known.length) form.setFields(known.map(([name, msg]) => ({ name: name as keyof RoleFormValues, errors: [msg] })))
      if (!known.length || known.length < Object.keys(byField).length) {
        const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
        message.error(errorToMessage(failed, tApp).message)
      }
    } finally {
      busy.current = false
    }
  }

  return (
    <SaveModal
      open={!!role}
      title={editing ? t('editTitle', { name: role?.name }) : t('createTitle')}
      saving={create.isPending || update.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="role-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="role-dialog">
        {isStatic ? <Alert type="info" showIcon title={t('staticHint')} style={{ marginBottom: 12 }} /> : null}
        <Form.Item
          name="name"
          label={t('field.name')}
          rules={
            isStatic
              ? []
              : [
                  { required: true, whitespace: true, message: t('rule.name') },
                  { max: MAX_ROLE_NAME, message: t('rule.max', { max: MAX_ROLE_NAME }) },
                ]
          }
          extra={editing && !isStatic ? t('renameHint') : undefined}
        >
          <Input autoFocus disabled={isStatic} onPressEnter={() => void submit()} data-testid="role-form-name" />
        </Form.Item>
        <Form.Item name="isDefault" label={t('field.isDefault')} valuePropName="checked" tooltip={t('field.isDefaultHelp')}>
          <Switch data-testid="role-form-isDefault" />
        </Form.Item>
        <Form.Item name="isPublic" label={t('field.isPublic')} valuePropName="checked" tooltip={t('field.isPublicHelp')}>
          <Switch data-testid="role-form-isPublic" />
        </Form.Item>
      </Form>
    </SaveModal>
  )
}
