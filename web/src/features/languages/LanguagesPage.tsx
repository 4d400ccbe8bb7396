import { useState, type HTMLAttributes } from 'react'
import { App, Button, Flex, Input, Space, Tag } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, HttpError, PageContainer, Permission, errorToMessage, pagedList, usePermission, useTablePaging } from '../../components'
import { languageListQuery, useLanguageMutations, type Language } from './api'
import { LanguagePermissions } from './permissions'
import { LanguageDialog } from './components/LanguageDialog'

/**
 * localization/languages/index (spec 002 §7.7): the languages the product offers, with create,
 * edit, set as default and delete (zh-Hans, en and the default are not deleted). Host only.
 */
export function LanguagesPage() {
  const { t } = useTranslation('languages')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [filter, setFilter] = useState('')
  const paging = useTablePaging()
  const list = pagedList(useQuery(languageListQuery({ filter, ...paging.request })))
  const { remove, makeDefault } = useLanguageMutations()
  const [editing, setEditing] = useState<Partial<Language> | null>(null)

  const fail = (e: unknown) => {
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    message.error(errorToMessage(failed, tApp).message)
  }

  const confirm = (content: string, danger: boolean, run: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title: t('tips'),
      content,
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        try {
          await run()
          message.success(done)
        } catch (e) {
          fail(e)
        }
      },
    })

  const builtIn = (r: Language) => r.cultureName === 'zh-Hans' || r.cultureName === 'en'

  const columns: ColumnsType<Language> = [
    {
      key: 'displayName',
      title: t('field.displayName'),
      width: 200,
      render: (_, r) => (
        <Space size={4}>
          <span data-testid="language-name">{r.displayName}</span>
          {r.isDefault ? <Tag color="blue">{t('default')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'cultureName', title: t('field.cultureName'), dataIndex: 'cultureName', width: 140 },
    { key: 'uiCultureName', title: t('field.uiCultureName'), dataIndex: 'uiCultureName', width: 140 },
    { key: 'flagIcon', title: t('field.flagIcon'), dataIndex: 'flagIcon', width: 120 },
    {
      key: 'isEnabled',
      title: t('field.isEnabled'),
      width: 90,
      render: (_, r) => (r.isEnabled ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
    },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right' as const,
      width: 220,
      render: (_: unknown, r: Language) => (
        <Space size={0}>
          {has(LanguagePermissions.Edit) ? (
            <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="language-edit">
              {t('edit')}
            </Button>
          ) : null}
          {has(LanguagePermissions.ChangeDefault) && !r.isDefault ? (
            <Button
              type="link"
              size="small"
              data-testid="language-default"
              onClick={() => confirm(t('confirmDefault', { name: r.displayName }), false, () => makeDefault.mutateAsync(r.id), t('defaultSet'))}
            >
              {t('setDefault')}
            </Button>
          ) : null}
          {has(LanguagePermissions.Delete) && !builtIn(r) && !r.isDefault ? (
            <Button
              type="link"
              size="small"
              danger
              data-testid="language-delete"
              onClick={() => confirm(t('confirmDelete', { name: r.displayName }), true, () => remove.mutateAsync(r.id), t('deleted'))}
            >
              {t('delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ]

  return (
    <PageContainer
      extra={
        <Permission value={LanguagePermissions.Create}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="languages-add">
            {t('create')}
          </Button>
        </Permission>
      }
    >
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
          data-testid="languages-search"
        />
      </Flex>
      <DataTable<Language>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onRow={(r) => ({ 'data-testid': 'language-row', 'data-culture': r.cultureName }) as HTMLAttributes<HTMLElement>}
        testId="languages"
      />
      <LanguageDialog row={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  )
}
