import { useMemo } from 'react'
import { Tag } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { ColumnDef, SearchField } from '../../components'
import { ruleMappingsQuery, useModuleTypes, useRuleMappingMutations } from './api'
import { ImportRuleMappingDialog } from './components/ImportRuleMappingDialog'
import { MappingScreen } from './components/MappingScreen'
import { rulePagePermissions } from './permissions'
import type { ImportRuleMapping } from './types'

/**
 * basic-setup/import-rule-mappings/index: how a spreadsheet's columns map to the fields of a
 * module type (spec 001 §3, §7; docs/decisions/0010).
 */
export function ImportRuleMappingsPage() {
  const { t } = useTranslation('import-mapping')
  const moduleTypes = useModuleTypes()
  const { remove } = useRuleMappingMutations()
  const moduleName = useMemo(() => new Map((moduleTypes.data ?? []).map((m) => [m.moduleType, m.displayName])), [moduleTypes.data])
  const flag = (v: unknown) => (v ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>)

  const columns: ColumnDef<ImportRuleMapping>[] = [
    { key: 'name', title: t('field.name'), width: 200, sortable: true, render: (v) => <span data-testid="mapping-name">{String(v ?? '')}</span> },
    { key: 'moduleType', title: t('field.moduleType'), width: 160, sortable: true, render: (v) => moduleName.get(Number(v)) ?? String(v ?? '') },
    { key: 'importFileType', title: t('field.importFileType'), width: 100, render: (v) => t(`fileType.${Number(v)}`) },
    {
      key: 'importFileEncoding',
      title: t('field.importFileEncoding'),
      width: 110,
      render: (v, r) => (r.importFileType === 1 ? t(`encoding.${Number(v)}`) : '–'),
    },
    { key: 'readRows', title: t('field.readRows'), width: 100, align: 'right' },
    { key: 'isDefault', title: t('field.isDefault'), width: 90, filter: 'boolean', render: flag },
    { key: 'isEnable', title: t('field.isEnable'), width: 90, filter: 'boolean', render: flag },
    { key: 'rulesCount', title: t('field.rulesCount'), width: 90, align: 'right', render: (_, r) => r.mappingRules?.length ?? 0 },
    {
      key: 'creationTime',
      title: t('field.creationTime'),
      width: 160,
      sortable: true,
      render: (v) => (v ? dayjs(String(v)).format('YYYY-MM-DD HH:mm') : ''),
    },
  ]

  const searchFields: SearchField[] = [
    { name: 'filter', label: t('field.name'), type: 'text', placeholder: t('search.name') },
    {
      name: 'moduleType',
      label: t('field.moduleType'),
      type: 'select',
      options: (moduleTypes.data ?? []).map((m) => ({ value: m.moduleType, label: m.displayName })),
    },
    {
      name: 'isEnable',
      label: t('field.isEnable'),
      type: 'select',
      options: [
        { value: 'true', label: t('yes') },
        { value: 'false', label: t('no') },
      ],
    },
  ]

  return (
    <MappingScreen<ImportRuleMapping>
      kind="ruleMapping"
      columns={columns}
      query={ruleMappingsQuery}
      searchFields={searchFields}
      perms={rulePagePermissions}
      remove={remove}
      dialog={(m, close) => <ImportRuleMappingDialog mapping={m} onClose={close} />}
    />
  )
}
