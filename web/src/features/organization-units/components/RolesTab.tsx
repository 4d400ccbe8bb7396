import { useState, type HTMLAttributes } from 'react'
import { App, Button, Flex, Input, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, HttpError, errorToMessage, pagedList, useTablePaging } from '../../../components'
import { rolePageQuery, useUnitRoleMutations, type OrganizationUnit, type UnitRole } from '../api'
import { AddRolesDialog } from './AddRolesDialog'

export interface RolesTabProps {
  unit: OrganizationUnit
  canEdit: boolean
  /** The caller may read the tenant's roles (needed to pick roles to add). */
  canPickRoles: boolean
}

/** The roles of a unit, whose permissions its members hold: paged on the server; add from the tenant's roles, remove after confirming. */
export function RolesTab({ unit, canEdit, canPickRoles }: RolesTabProps) {
  const { t } = useTranslation('organization-units')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const [filter, setFilter] = useState('')
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging()
  const query = useQuery({ ...rolePageQuery(unit.id, { filter, sorting, ...paging.request }), placeholderData: keepPreviousData })
  const list = pagedList(query)
  const { remove } = useUnitRoleMutations(unit.id)
  const [picking, setPicking] = useState(false)

  const del = (r: UnitRole) =>
    modal.confirm({
      title: t('tips'),
      content: t('roles.confirmRemove', { name: r.name, unit: unit.displayName }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(r.id)
          message.success(t('roles.removed'))
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
          message.error(errorToMessage(failed, tApp).message)
        }
      },
    })

  const flag = (on: boolean, color?: string) => (on ? <Tag color={color}>{t('yes')}</Tag> : <Tag>{t('no')}</Tag>)

  const columns: ColumnsType<UnitRole> = [
    { key: 'name', title: t('roles.col.name'), dataIndex: 'name', ellipsis: true, sorter: true },
    { key: 'isDefault', title: t('roles.col.isDefault'), width: 90, render: (_, r) => flag(r.isDefault, 'green') },
    { key: 'isPublic', title: t('roles.col.isPublic'), width: 90, render: (_, r) => flag(r.isPublic, 'blue') },
    { key: 'isStatic', title: t('roles.col.isStatic'), width: 90, render: (_, r) => flag(r.isStatic, 'orange') },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('actions'),
            width: 90,
            render: (_: unknown, r: UnitRole) => (
              <Button type="link" size="small" danger onClick={() => del(r)} data-testid="unit-role-remove">
                {t('roles.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ]

  return (
    <>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          enterButton
          placeholder={t('roles.search')}
          onSearch={(v) => {
            setFilter(v.trim())
            paging.reset()
          }}
          style={{ maxWidth: 320 }}
          data-testid="unit-roles-search"
        />
        {canEdit && canPickRoles ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="unit-roles-add">
            {t('roles.add')}
          </Button>
        ) : null}
      </Flex>
      <DataTable<UnitRole>
        list={list}
        columns={columns}
        emptyText={t('roles.empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        onRow={(r) => ({ 'data-testid': 'unit-role-row', 'data-name': r.name }) as HTMLAttributes<HTMLElement>}
        testId="unit-roles"
      />
      <AddRolesDialog unit={unit} open={picking} onClose={() => setPicking(false)} />
    </>
  )
}
