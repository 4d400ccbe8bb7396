import { useState } from 'react'
import { Alert, App, Button, Modal, Popconfirm, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { ColumnChooser } from './ColumnChooser'
import { MAX_VISIBLE_COLUMNS, shownKeys, type ColumnSetting } from './columns'

export interface ColumnSettingsDialogProps {
  open: boolean
  onClose: () => void
  /** Every column the user may show, in order. */
  settings: ColumnSetting[]
  /** Columns that stay ticked (the order id). */
  lockedKeys?: readonly string[]
  /** Saves the user's own columns. */
  onSave: (settings: ColumnSetting[]) => Promise<void>
  /** Drops the user's own columns. */
  onReset: () => Promise<void>
  /** Saves the columns as the default for everyone on the side (shown only when given). */
  onSaveTenant?: (settings: ColumnSetting[]) => Promise<void>
  /** Prefix of the test ids: `<id>` (the dialog), `<id>-save`, `<id>-reset`, `<id>-save-tenant`, `<id>-limit`, `<id>-list`… */
  testId: string
  /** Most columns a table shows (18). */
  limit?: number
}

type Busy = 'save' | 'tenant' | 'reset' | null

interface BodyProps extends Omit<ColumnSettingsDialogProps, 'open'> {
  limit: number
}

function DialogBody({ onClose, settings, lockedKeys = [], onSave, onReset, onSaveTenant, testId, limit }: BodyProps) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [draft, setDraft] = useState<ColumnSetting[]>(settings)
  const [busy, setBusy] = useState<Busy>(null)
  const locked = new Set(lockedKeys)
  const columns = draft.map((s) => ({ key: s.key, title: s.title, alwaysShown: locked.has(s.key) }))
  const { cut } = shownKeys(draft, columns, limit)
  const noneTicked = !draft.some((s) => s.isShow || locked.has(s.key))

  const run = async (what: Exclude<Busy, null>, action: () => Promise<void>, done: string) => {
    setBusy(what)
    try {
      await action()
    } catch {
      // The API client has shown the error; the dialog stays open with the user's choice.
      return
    } finally {
      setBusy(null)
    }
    message.success(done)
    onClose()
  }
  const save = (what: 'save' | 'tenant') => {
    if (noneTicked) {
      message.warning(t('columns.atLeastOne'))
      return
    }
    const out = draft.map((s, i) => ({ ...s, isShow: s.isShow || locked.has(s.key), order: i }))
    if (what === 'save') void run('save', () => onSave(out), t('columns.saved'))
    else if (onSaveTenant) void run('tenant', () => onSaveTenant(out), t('columns.savedTenant'))
  }

  const footer = (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between' }}>
      <Space wrap>
        <Popconfirm
          title={t('columns.resetTitle')}
          description={t('columns.resetConfirm')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => run('reset', onReset, t('columns.resetDone'))}
        >
          <Button loading={busy === 'reset'} disabled={!!busy && busy !== 'reset'} data-testid={`${testId}-reset`}>
            {t('columns.reset')}
          </Button>
        </Popconfirm>
        {onSaveTenant ? (
          <Button loading={busy === 'tenant'} disabled={!!busy && busy !== 'tenant'} onClick={() => save('tenant')} data-testid={`${testId}-save-tenant`}>
            {t('columns.saveTenant')}
          </Button>
        ) : null}
      </Space>
      <Space style={{ marginInlineStart: 'auto' }}>
        <Button onClick={onClose} data-testid={`${testId}-cancel`}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" loading={busy === 'save'} disabled={!!busy && busy !== 'save'} onClick={() => save('save')} data-testid={`${testId}-save`}>
          {t('common.save')}
        </Button>
      </Space>
    </div>
  )

  return (
    <div data-testid={testId}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('columns.hint')}
      </Typography.Paragraph>
      {noneTicked ? <Alert type="warning" showIcon title={t('columns.atLeastOne')} style={{ marginBottom: 8 }} data-testid={`${testId}-none`} /> : null}
      {cut.length > 0 ? (
        <Alert
          type="info"
          showIcon
          title={t('columns.limit', { limit, count: cut.length, titles: cut.map((k) => draft.find((s) => s.key === k)?.title ?? k).join(t('columns.separator')) })}
          style={{ marginBottom: 8 }}
          data-testid={`${testId}-limit`}
        />
      ) : null}
      <div style={{ maxHeight: '55vh', overflowY: 'auto' }}>
        <ColumnChooser value={draft} onChange={setDraft} lockedKeys={lockedKeys} cutKeys={cut} testId={`${testId}-list`} />
      </div>
      <div style={{ marginTop: 16 }}>{footer}</div>
    </div>
  )
}

/**
 * The custom-column dialog (spec 001 §2, §5): tick and drag the columns of a table, at least one
 * ticked, the order id always kept; Save keeps them as the user's own, Reset drops the user's
 * own, and a holder of BasicSetup.PageConfiguration.Update may save them as everyone's default.
 */
export function ColumnSettingsDialog({ open, onClose, testId, limit = MAX_VISIBLE_COLUMNS, ...rest }: ColumnSettingsDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal open={open} title={t('columns.title')} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      {open ? <DialogBody onClose={onClose} testId={testId} limit={limit} {...rest} /> : null}
    </Modal>
  )
}
