import type { ReactNode } from 'react'
import { Button, Modal } from 'antd'
import { useTranslation } from 'react-i18next'

export interface SaveModalProps {
  open: boolean
  title: ReactNode
  width?: number
  /** While true the save button shows a spinner and ignores clicks (spec 001 §4: no double submits). */
  saving: boolean
  onCancel: () => void
  onSave: () => void
  /** data-testid of the save button. */
  saveTestId?: string
  /** Render the (hidden) content before the first open, so a form instance is connected. */
  forceRender?: boolean
  children: ReactNode
}

/** A create/edit dialog with Cancel and Save, the save button locked while the call runs. */
export function SaveModal({ open, title, width, saving, onCancel, onSave, saveTestId, forceRender = true, children }: SaveModalProps) {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      onCancel={onCancel}
      destroyOnHidden
      forceRender={forceRender}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={saving} onClick={onSave} data-testid={saveTestId}>
          {t('common.save')}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  )
}
