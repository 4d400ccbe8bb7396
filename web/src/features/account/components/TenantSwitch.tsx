import { useState } from 'react'
import { Button, Flex, Input, Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { getTenant, setTenant } from '../../../api/token'

export interface TenantSwitchProps {
  /** Called with the tenant chosen (null: the host) after it was stored. */
  onChange?: (tenant: string | null) => void
}

/**
 * The tenant line of the login, register and reset-password screens: the tenant the requests
 * go to (the __tenant header) and a dialog to switch it; empty means the host.
 */
export function TenantSwitch({ onChange }: TenantSwitchProps) {
  const { t } = useTranslation()
  const [tenant, setTenantState] = useState<string | null>(getTenant())
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState('')
  const save = () => {
    const name = draft.trim() || null
    setTenant(name)
    setTenantState(name)
    setOpen(false)
    onChange?.(name)
  }
  return (
    <>
      <Flex justify="space-between" align="center" className="kerf-login-tenant" data-testid="tenant-switch">
        <span>
          {t('login.tenant')}: <b data-testid="tenant-name">{tenant ?? t('login.noTenant')}</b>
        </span>
        <Button
          type="link"
          size="small"
          onClick={() => {
            setDraft(tenant ?? '')
            setOpen(true)
          }}
        >
          {t('login.switchTenant')}
        </Button>
      </Flex>
      <Modal
        open={open}
        title={t('login.switchTenant')}
        onOk={save}
        onCancel={() => setOpen(false)}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('login.tenantHint')}</Typography.Paragraph>
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('login.tenantName')}
          onPressEnter={save}
          data-testid="tenant-input"
          autoFocus
        />
      </Modal>
    </>
  )
}
