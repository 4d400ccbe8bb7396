import { App, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Catalog, CatalogModule, CatalogNode } from '../../../components/catalog-pickers'
import { useCatalogMutations } from '../api'
import { catalogLimits, lengthRule, requiredRule } from '../rules'
import { useWhenChanged, SaveModal } from '../../../components'

/** What the directory dialog is doing. */
export type CatalogDialogState =
  | { mode: 'create'; parent: CatalogNode | null }
  | { mode: 'edit'; catalog: Catalog }

export interface CatalogDialogProps {
  module: CatalogModule
  state: CatalogDialogState | null
  onClose: () => void
  onSaved: (c: Catalog) => void
}

/** Directory create / edit: one field, the display name (required, checked on blur). */
export function CatalogDialog({ module, state, onClose, onSaved }: CatalogDialogProps) {
  const { t } = useTranslation('catalog')
  const { message } = App.useApp()
  const [form] = Form.useForm<{ displayName: string }>()
  const { create, update } = useCatalogMutations(module)
  const saving = create.isPending || update.isPending

  useWhenChanged(state, (st) => {
    if (!st) return
    form.resetFields()
    form.setFieldsValue({ displayName: st.mode === 'edit' ? st.catalog.displayName : '' })
  })

  const title =
    state?.mode === 'edit'
      ? t('directory.editTitle')
      : state?.parent
        ? t('directory.createChildTitle', { parent: state.parent.title })
        : t('directory.createTitle')

  const submit = async () => {
    if (!state || saving) return
    const { displayName } = await form.validateFields()
    try {
      const saved =
        state.mode === 'edit'
          ? await update.mutateAsync({ id: state.catalog.id, displayName: displayName.trim(), concurrencyStamp: state.catalog.concurrencyStamp })
          : await create.mutateAsync({ displayName: displayName.trim(), parentId: state.parent?.id ?? undefined })
      message.success(state.mode === 'edit' ? t('updated') : t('created'))
      onSaved(saved)
    } catch (e) {
      // A failed save only re-enables the button (spec 001 §8); the client already showed the server's message.
      console.error(e)
    }
  }

  return (
    <SaveModal
      open={!!state}
      title={title}
      saving={saving}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="catalog-dialog-save"
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()} data-testid="catalog-dialog">
        <Form.Item
          name="displayName"
          label={t('directory.displayName')}
          validateTrigger="onBlur"
          rules={[requiredRule(t('required')), lengthRule(t, catalogLimits.displayName.maxLength, 1)]}
        >
          <Input autoFocus onPressEnter={() => void submit()} data-testid="catalog-dialog-name" />
        </Form.Item>
      </Form>
    </SaveModal>
  )
}
