import { Tag } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { ColumnDef, SearchField } from '../../components'
import { splitMappingsQuery, useSplitMappingMutations } from './api'
import { MappingScreen } from './components/MappingScreen'
import { SplitMappingDialog } from './components/SplitMappingDialog'
import { splitPagePermissions } from './permissions'
import type { ImportSplitMapping } from './types'

/**
 * basic-setup/import-split-mappings/index: which line of an order (product, part, standard
 * product) each row of an imported spreadsheet becomes (spec 000 §2; docs/decisions/0010).
 */
export function ImportSplitMappingsPage() {
  const { t } = useTranslation('import-mapping')
  const { remove } = useSplitMappingMutations()
  const flag = (v: unknown) => (v ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>)

  const columns: ColumnDef<ImportSplitMapping>[] = [
    { key: 'name', title: t('field.name'), width: 220, sortable: true, render: (v) => <span data-testid="mapping-name">{String(v ?? '')}</span> },
    { key: 'defaultLineType', title: t('field.defaultLineType'), width: 140, render: (v) => (v ? t(`lineType.${String(v)}`) : '') },
    { key: 'isDefault', title: t('field.isDefault'), width: 90, filter: 'boolean', render: flag },
    { key: 'isEnable', title: t('field.isEnable'), width: 90, filter: 'boolean', render: flag },
    { key: 'rulesCount', title: t('field.rulesCount'), width: 90, align: 'right', render: (_, r) => r.rules?.length ?? 0 },
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
    <MappingScreen<ImportSplitMapping>
      kind="splitMapping"
      columns={columns}
      query={splitMappingsQuery}
      searchFields={searchFields}
      perms={splitPagePermissions}
      remove={remove}
      dialog={(m, close) => <SplitMappingDialog mapping={m} onClose={close} />}
    />
  )
}
