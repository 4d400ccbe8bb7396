import { useState, type HTMLAttributes } from 'react'
import { Button, Flex, Input, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, PageContainer, pagedList, usePermission, useTablePaging } from '../../components'
import { definitionsQuery, type TemplateDefinition } from './api'
import { TextTemplatePermissions } from './permissions'
import { ContentEditor } from './components/ContentEditor'

/**
 * admin/text-templates/index (spec 002 §7.10): the text templates Kerf renders (e-mails), and
 * for each an editor of its content per culture with a live preview, save and restore.
 */
export function TextTemplatesPage() {
  const { t } = useTranslation('text-templates')
  const { has } = usePermission()
  const canEdit = has(TextTemplatePermissions.EditContents)
  const [filter, setFilter] = useState('')
  const paging = useTablePaging()
  const list = pagedList(useQuery(definitionsQuery({ filter, skipCount: paging.request.skipCount ?? 0, maxResultCount: paging.request.maxResultCount ?? 20 })))
  const [editing, setEditing] = useState<TemplateDefinition | null>(null)

  const columns: ColumnsType<TemplateDefinition> = [
    {
      key: 'name',
      title: t('field.name'),
      width: 300,
      render: (_, r) => (
        <span data-testid="text-template-name">
          {r.name} {r.isLayout ? <Tag color="blue">{t('layoutTag')}</Tag> : null}
        </span>
      ),
    },
    { key: 'displayName', title: t('field.displayName'), dataIndex: 'displayName', width: 200 },
    { key: 'layout', title: t('field.layout'), dataIndex: 'layout', width: 280, ellipsis: true },
    { key: 'defaultCultureName', title: t('field.defaultCulture'), width: 120, render: (_, r) => t(`culture.${r.defaultCultureName}`, r.defaultCultureName) },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: 120,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="text-template-edit">
          {canEdit ? t('editContents') : t('view')}
        </Button>
      ),
    },
  ]

  return (
    <PageContainer>
      <Flex style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          enterButton
          placeholder={t('search')}
          onSearch={(v) => {
            setFilter(v.trim())
            paging.reset()
          }}
          style={{ maxWidth: 360 }}
          data-testid="text-templates-search"
        />
      </Flex>
      <DataTable<TemplateDefinition>
        list={list}
        columns={columns}
        rowKey="name"
        scroll={{ x: 'max-content' }}
        emptyText={t('empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onRow={(r) => ({ 'data-testid': 'text-template-row', 'data-name': r.name }) as HTMLAttributes<HTMLElement>}
        testId="text-templates"
      />
      {editing ? <ContentEditor definition={editing} canEdit={canEdit} onClose={() => setEditing(null)} /> : null}
    </PageContainer>
  )
}
