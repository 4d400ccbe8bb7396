import { useMemo, useRef } from 'react'
import { App, Form, Input, TreeSelect } from 'antd'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage, useWhenChanged, validationErrorsByField } from '../../../components'
import { updateBody, useUnitMutations, type OrganizationUnit } from '../api'
import { buildUnitTree, parentOf, subtreeIds, type UnitNode } from '../tree'
import { DISPLAY_NAME_MAX } from '../rules'

/** What the dialog does: add a unit (under a parent, or at the root) or edit one. */
export type UnitDialogMode = { kind: 'create'; parentId: string | null } | { kind: 'edit'; unit: OrganizationUnit }

export interface UnitDialogProps {
  mode: UnitDialogMode | null
  units: readonly OrganizationUnit[]
  onClose: () => void
  /** The unit was saved (to select it, and to expand its parent). */
  onSaved?: (unit: OrganizationUnit | undefined, parentId: string | null) => void
}

interface Values {
  parentId?: string | null
  displayName: string
}

interface ParentOption {
  value: string
  title: string
  disabled?: boolean
  children?: ParentOption[]
}

function parentOptions(nodes: UnitNode<OrganizationUnit>[], blocked: Set<string>): ParentOption[] {
  return nodes.map((n) => ({
    value: n.key,
    title: n.title,
    disabled: blocked.has(n.key),
    children: n.children.length ? parentOptions(n.children, blocked) : undefined,
  }))
}

const FIELDS = new Set(['parentId', 'displayName'])

/**
 * Add or edit a unit: its name and its parent. Changing the parent of an existing unit moves it
 * with its sub-units (the server recomputes their codes); its own subtree is not offered.
 * Enter in the name saves.
 */
export function UnitDialog({ mode, units, onClose, onSaved }: UnitDialogProps) {
  const { t } = useTranslation('organization-units')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { create, update } = useUnitMutations()
  const busy = useRef(false)
  const editing = mode?.kind === 'edit' ? mode.unit : null

  useWhenChanged(mode, (m) => {
    if (!m) return
    form.resetFields()
    form.setFieldsValue(
      m.kind === 'edit' ? { parentId: parentOf(m.unit), displayName: m.unit.displayName } : { parentId: m.parentId, displayName: '' },
    )
  })

  const tree = useMemo(() => buildUnitTree(units), [units])
  const options = useMemo(() => parentOptions(tree, editing ? subtreeIds(units, editing.id) : new Set()), [tree, units, editing])

  const submit = async () => {
    if (!mode || busy.current) return
    let v: Values
    try {
      v = await form.validateFields()
    } catch {
      return // the form shows what is wrong
    }
    const parentId = v.parentId || null
    const displayName = v.displayName.trim()
    busy.current = true
    try {
      let saved: OrganizationUnit | undefined
      if (editing) {
        saved = await update.mutateAsync({ id: editing.id, body: updateBody(editing, displayName, parentId) })
        message.success(t('updated'))
      } else {
        saved = await create.mutateAsync(parentId ? { displayName, parentId } : { displayName })
        message.success(t('created'))
      }
      onSaved?.(saved, parentId)
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      const known = Object.entries(byField).filter(([f]) => FIELDS.has(f))
      if (known.length) form.setFields(known.map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })))
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
      open={!!mode}
      title={t(editing ? 'dialog.editTitle' : 'dialog.createTitle')}
      saving={create.isPending || update.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="unit-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="unit-dialog">
        <Form.Item name="parentId" label={t('dialog.parentId')}>
          <TreeSelect
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            placeholder={t('dialog.root')}
            treeData={options}
            data-testid="unit-form-parentId"
          />
        </Form.Item>
        <Form.Item
          name="displayName"
          label={t('dialog.displayName')}
          rules={[
            { required: true, whitespace: true, message: t('dialog.required') },
            { max: DISPLAY_NAME_MAX, message: t('dialog.max', { max: DISPLAY_NAME_MAX }) },
          ]}
        >
          <Input autoFocus onPressEnter={() => void submit()} data-testid="unit-form-displayName" />
        </Form.Item>
      </Form>
    </SaveModal>
  )
}
