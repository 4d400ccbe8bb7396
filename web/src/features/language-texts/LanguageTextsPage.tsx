import { useState, type HTMLAttributes } from 'react'
import { App, Button, Checkbox, Flex, Input, Select, Space, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, HttpError, PageContainer, errorToMessage, pagedList, usePermission, useTablePaging } from '../../components'
import { allLanguagesQuery, resourcesQuery, textListQuery, useTextMutations, type LanguageText, type TextFilter } from './api'
import { LanguageTextPermissions } from './permissions'
import { TextDialog } from './components/TextDialog'

/**
 * localization/texts/index (spec 002 §7.7): the texts of every resource (the modules' and the web
 * client's) in a target language beside a base language; edit one in a dialog, restore the
 * shipped text after a confirmation. Host only.
 */
export function LanguageTextsPage() {
  const { t, i18n } = useTranslation('language-texts')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const canEdit = has(LanguageTextPermissions.Edit)
  const [filter, setFilter] = useState('')
  const [f, setF] = useState<TextFilter>(() => ({
    resourceName: '',
    baseCultureName: 'en',
    targetCultureName: i18n.language === 'en' ? 'zh-Hans' : i18n.language || 'zh-Hans',
    getOnlyEmptyValues: false,
  }))
  const paging = useTablePaging()
  const list = pagedList(useQuery(textListQuery(f, { filter, ...paging.request })))
  const resources = useQuery(resourcesQuery())
  const languages = useQuery(allLanguagesQuery())
  const { restore } = useTextMutations()
  const [editing, setEditing] = useState<LanguageText | null>(null)

  const change = (patch: Partial<TextFilter>) => {
    setF((old) => ({ ...old, ...patch }))
    paging.reset()
  }
  const cultureOptions = (languages.data ?? []).map((l) => ({ value: l.cultureName, label: `${l.displayName} (${l.cultureName})` }))

  const doRestore = (r: LanguageText) =>
    modal.confirm({
      title: t('tips'),
      content: t('confirmRestore', { name: r.name }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await restore.mutateAsync(r)
          message.success(t('restored'))
        } catch (e) {
          const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
          message.error(errorToMessage(failed, tApp).message)
        }
      },
    })

  const columns: ColumnsType<LanguageText> = [
    { key: 'name', title: t('field.name'), dataIndex: 'name', width: 260, ellipsis: true },
    { key: 'resourceName', title: t('field.resourceName'), dataIndex: 'resourceName', width: 160 },
    { key: 'baseValue', title: `${t('field.baseValue')} (${f.baseCultureName})`, dataIndex: 'baseValue', ellipsis: true },
    {
      key: 'value',
      title: `${t('field.value')} (${f.targetCultureName})`,
      ellipsis: true,
      render: (_, r) => (
        <Space size={4}>
          <span data-testid="text-value">{r.value}</span>
          {r.isOverridden ? <Tag color="gold">{t('overridden')}</Tag> : null}
        </Space>
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('actions'),
            fixed: 'right' as const,
            width: 140,
            render: (_: unknown, r: LanguageText) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="text-edit">
                  {t('edit')}
                </Button>
                {r.isOverridden ? (
                  <Button type="link" size="small" danger onClick={() => doRestore(r)} data-testid="text-restore">
                    {t('restore')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ]

  return (
    <PageContainer>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          enterButton
          placeholder={t('search')}
          onSearch={(v) => {
            setFilter(v.trim())
            paging.reset()
          }}
          style={{ maxWidth: 300 }}
          data-testid="texts-search"
        />
        <Select
          style={{ minWidth: 200 }}
          showSearch
          value={f.resourceName}
          onChange={(v: string) => change({ resourceName: v })}
          options={[{ value: '', label: t('allResources') }, ...(resources.data ?? []).map((r) => ({ value: r.name, label: r.name }))]}
          aria-label={t('resource')}
          data-testid="texts-resource"
        />
        <Space size={4}>
          <span>{t('baseCulture')}</span>
          <Select
            style={{ minWidth: 160 }}
            value={f.baseCultureName}
            onChange={(v: string) => change({ baseCultureName: v })}
            options={cultureOptions}
            data-testid="texts-base"
          />
        </Space>
        <Space size={4}>
          <span>{t('targetCulture')}</span>
          <Select
            style={{ minWidth: 160 }}
            value={f.targetCultureName}
            onChange={(v: string) => change({ targetCultureName: v })}
            options={cultureOptions}
            data-testid="texts-target"
          />
        </Space>
        <Checkbox checked={f.getOnlyEmptyValues} onChange={(e) => change({ getOnlyEmptyValues: e.target.checked })} data-testid="texts-only-empty">
          {t('onlyEmpty')}
        </Checkbox>
      </Flex>
      <DataTable<LanguageText>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        rowKey={(r) => `${r.resourceName}/${r.name}`}
        onRow={(r) => ({ 'data-testid': 'text-row', 'data-name': r.name, 'data-resource': r.resourceName }) as HTMLAttributes<HTMLElement>}
        testId="texts"
      />
      <TextDialog row={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  )
}
