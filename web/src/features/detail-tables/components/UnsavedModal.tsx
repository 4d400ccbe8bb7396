import { Button, Modal } from 'antd'
import { useTranslation } from 'react-i18next'

export interface UnsavedModalProps {
  open: boolean
  saving: boolean
  onSave: () => void
  onDiscard: () => void
  onCancel: () => void
}

/** Before the page shows another selection with changes not saved: save them, drop them, or stay. */
export function UnsavedModal({ open, saving, onSave, onDiscard, onCancel }: UnsavedModalProps) {
  const { t } = useTranslation('detail-tables')
  return (
    <Modal
      open={open}
      title={t('tips')}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} data-testid="unsaved-cancel">
          {t('unsaved.stay')}
        </Button>,
        <Button key="discard" danger onClick={onDiscard} disabled={saving} data-testid="unsaved-discard">
          {t('unsaved.discard')}
        </Button>,
        <Button key="save" type="primary" onClick={onSave} loading={saving} disabled={saving} data-testid="unsaved-save" autoFocus>
          {t('unsaved.save')}
        </Button>,
      ]}
    >
      <p data-testid="unsaved-text">{t('unsaved.text')}</p>
    </Modal>
  )
}
