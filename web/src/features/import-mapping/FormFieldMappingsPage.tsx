import { useMemo } from 'react'
import { Tag } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { ColumnDef, SearchField } from '../../components'
import { formMappingsQuery, useFormMappingMutations, useModuleTypes } from './api'
import { FormFieldMappingDialog } from './components/FormFieldMappingDialog'
import { MappingScreen } from './components/MappingScreen'
import { formPagePermissions } from './permissions'
import type { FormFieldMapping } from './types'

/**
 * basic-setup/form-field-mappings/index: how the members of a JSON document (a form's data, a
 * design platform's order) map to Kerf's fields (spec 001 §3, §7; docs/decisions/0010).
 */
export function FormFieldMappingsPage() {
  const { t } = useTranslation('import-mapping')
  const moduleTypes = useModuleTypes()
  const { remove } = useFormMappingMutations()
  const typeName = useMemo(() => new Map((moduleTypes.data ?? []).map((m) => [m.moduleType, m.displayName])), [moduleTypes.data])
  const flag = (v: unknown) => (v ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>)

  const columns: ColumnDef<FormFieldMapping>[] = [
    { key: 'name', title: t('field.name'), width: 220, sortable: true, render: (v) => <span data-testid="mapping-name">{String(v ?? '')}</span> },
    { key: 'mappingType', title: t('field.mappingType'), width: 180, sortable: true, render: (v) => typeName.get(Number(v)) ?? String(v ?? '') },
    { key: 'isEnable', title: t('field.isEnable'), width: 90, filter: 'boolean', render: flag },
    { key: 'rulesCount', title: t('field.rulesCount'), width: 90, align: 'right', render: (_, r) => r.mappingRules?.length ?? 0 },
    { key: 'description', title: t('field.description'), width: 240, ellipsis: true, hidden: true },
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
    { name: 'mappingType', label: t('field.mappingType'), type: 'select', options: (moduleTypes.data ?? []).map((m) => ({ value: m.moduleType, label: m.displayName })) },
  ]

  return (
    <MappingScreen<FormFieldMapping>
      kind="formMapping"
      columns={columns}
      query={formMappingsQuery}
      searchFields={searchFields}
      perms={formPagePermissions}
      remove={remove}
      dialog={(m, close) => <FormFieldMappingDialog mapping={m} onClose={close} />}
    />
  )
}
