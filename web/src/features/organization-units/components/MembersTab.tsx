import { useState, type HTMLAttributes } from 'react'
import { App, Button, Flex, Input } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { UserAddOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, HttpError, errorToMessage, pagedList, useTablePaging } from '../../../components'
import { UserPickerModal, userLabel } from '../../../components/user-picker'
import { memberPageQuery, useMemberMutations, type OrganizationUnit, type UnitMember } from '../api'

export interface MembersTabProps {
  unit: OrganizationUnit
  canEdit: boolean
}

/** The members of a unit: searched, sorted and paged on the server; add through the user picker, remove after confirming. */
export function MembersTab({ unit, canEdit }: MembersTabProps) {
  const { t } = useTranslation('organization-units')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const [filter, setFilter] = useState('')
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging()
  const query = useQuery({ ...memberPageQuery(unit.id, { filter, sorting, ...paging.request }), placeholderData: keepPreviousData })
  const list = pagedList(query)
  const { add, remove } = useMemberMutations(unit.id)
  const [picking, setPicking] = useState(false)

  const failure = (e: unknown) => {
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    message.error(errorToMessage(failed, tApp).message)
  }

  const del = (m: UnitMember) =>
    modal.confirm({
      title: t('tips'),
      content: t('members.confirmRemove', { name: userLabel(m), unit: unit.displayName }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(m.id)
          message.success(t('members.removed'))
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          failure(e)
        }
      },
    })

  const columns: ColumnsType<UnitMember> = [
    { key: 'userName', title: t('members.col.userName'), dataIndex: 'userName', ellipsis: true, sorter: true },
    { key: 'name', title: t('members.col.name'), dataIndex: 'name', ellipsis: true, sorter: true },
    { key: 'surname', title: t('members.col.surname'), dataIndex: 'surname', ellipsis: true, sorter: true },
    { key: 'email', title: t('members.col.email'), dataIndex: 'email', ellipsis: true, sorter: true },
    { key: 'phoneNumber', title: t('members.col.phoneNumber'), dataIndex: 'phoneNumber', ellipsis: true, sorter: true },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('actions'),
            width: 90,
            render: (_: unknown, m: UnitMember) => (
              <Button type="link" size="small" danger onClick={() => del(m)} data-testid="member-remove">
                {t('members.remove')}
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
          placeholder={t('members.search')}
          onSearch={(v) => {
            setFilter(v.trim())
            paging.reset()
          }}
          style={{ maxWidth: 320 }}
          data-testid="members-search"
        />
        {canEdit ? (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setPicking(true)} data-testid="members-add">
            {t('members.add')}
          </Button>
        ) : null}
      </Flex>
      <DataTable<UnitMember>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('members.empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        onRow={(m) => ({ 'data-testid': 'member-row', 'data-username': m.userName }) as HTMLAttributes<HTMLElement>}
        testId="members"
      />
      <UserPickerModal
        open={picking}
        title={t('members.pickTitle', { unit: unit.displayName })}
        disabledIds={list.rows.map((m) => m.id)}
        confirmLoading={add.isPending}
        onCancel={() => setPicking(false)}
        onConfirm={(users) => {
          if (add.isPending) return
          add.mutate(
            users.map((u) => u.id),
            {
              onSuccess: () => {
                message.success(t('members.added', { count: users.length }))
                setPicking(false)
              },
              onError: failure,
            },
          )
        }}
      />
    </>
  )
}
