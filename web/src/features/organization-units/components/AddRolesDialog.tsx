import { useMemo, useState, type HTMLAttributes, type MouseEvent } from 'react'
import { App, Button, Input, Modal, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, SHORT_LIST_MAX, errorToMessage } from '../../../components'
import { allRolesQuery, rolePageQuery, useUnitRoleMutations, type OrganizationUnit, type TenantRole } from '../api'

export interface AddRolesDialogProps {
  unit: OrganizationUnit
  open: boolean
  onClose: () => void
}

/**
 * Pick roles of the tenant to add to a unit. Roles are a short code list (docs/decisions/0008
 * "Web"): all of them are read at once, and the unit's roles show ticked and disabled.
 */
export function AddRolesDialog({ unit, open, onClose }: AddRolesDialogProps) {
  const { t } = useTranslation('organization-units')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const roles = useQuery({ ...allRolesQuery(), enabled: open })
  const linked = useQuery({ ...rolePageQuery(unit.id, { skipCount: 0, maxResultCount: SHORT_LIST_MAX }), enabled: open })
  const { add } = useUnitRoleMutations(unit.id)
  const [picked, setPicked] = useState<string[]>([])
  const [search, setSearch] = useState('')
  const linkedIds = useMemo(() => new Set((linked.data?.items ?? []).map((r) => r.id)), [linked.data])
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase()
    return (roles.data ?? []).filter((r) => !q || r.name.toLowerCase().includes(q))
  }, [roles.data, search])

  const toggle = (id: string) => {
    if (linkedIds.has(id)) return
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]))
  }

  const confirm = () => {
    if (!picked.length || add.isPending) return
    add.mutate(picked, {
      onSuccess: () => {
        message.success(t('roles.added', { count: picked.length }))
        onClose()
      },
      onError: (e) => {
        const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
        message.error(errorToMessage(failed, tApp).message)
      },
    })
  }

  const columns: ColumnsType<TenantRole> = [
    {
      key: 'name',
      title: t('roles.col.name'),
      render: (_, r) => (
        <>
          {r.name} {r.isStatic ? <Tag color="orange">{t('roles.col.isStatic')}</Tag> : null}
          {r.isDefault ? <Tag color="green">{t('roles.col.isDefault')}</Tag> : null}
        </>
      ),
    },
  ]

  return (
    <Modal
      open={open}
      title={t('roles.pickTitle', { unit: unit.displayName })}
      destroyOnHidden
      afterOpenChange={(o) => {
        if (!o) {
          setPicked([])
          setSearch('')
        }
      }}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={!picked.length || add.isPending}
          loading={add.isPending}
          onClick={confirm}
          data-testid="unit-roles-pick-confirm"
        >
          {t('confirm')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('roles.pickHint')}</Typography.Paragraph>
      <Input.Search allowClear placeholder={t('roles.search')} onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 8 }} />
      <Typography.Text type="secondary">{t('roles.selected', { count: picked.length })}</Typography.Text>
      <Table<TenantRole>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={roles.isPending || linked.isPending}
        pagination={false}
        scroll={{ y: 360 }}
        locale={{ emptyText: roles.isError ? t('loadFailed') : t('roles.pickEmpty') }}
        rowSelection={{
          selectedRowKeys: [...picked, ...linkedIds],
          getCheckboxProps: (r) => ({ disabled: linkedIds.has(r.id) }),
          onSelect: (r) => toggle(r.id),
          onSelectAll: (on, _all, changed) => {
            const ids = changed.map((r) => r.id).filter((id) => !linkedIds.has(id))
            setPicked((p) => (on ? [...new Set([...p, ...ids])] : p.filter((x) => !ids.includes(x))))
          },
        }}
        onRow={(r) =>
          ({
            onClick: (e: MouseEvent<HTMLElement>) => {
              if ((e.target as HTMLElement).closest('.ant-table-selection-column')) return
              toggle(r.id)
            },
            'data-testid': 'unit-roles-pick-row',
            'data-name': r.name,
            style: { cursor: linkedIds.has(r.id) ? 'not-allowed' : 'pointer' },
          }) as HTMLAttributes<HTMLElement>
        }
        data-testid="unit-roles-pick"
      />
    </Modal>
  )
}
