import { Button, Tooltip } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { CatalogNode } from '../../../components/catalog-pickers'

export interface DirectoryActionsProps {
  node: CatalogNode
  canCreate: boolean
  canEdit: boolean
  canDelete: boolean
  onCreate: (n: CatalogNode) => void
  onEdit: (n: CatalogNode) => void
  onDelete: (n: CatalogNode) => void
}

/** Create (child) / Edit / Delete of one directory, each shown only with its permission. */
export function DirectoryActions({ node, canCreate, canEdit, canDelete, onCreate, onEdit, onDelete }: DirectoryActionsProps) {
  const { t } = useTranslation('catalog')
  if (node.isRoot) return null
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {canCreate ? (
        <Tooltip title={t('create')}>
          <Button type="text" size="small" icon={<PlusOutlined />} aria-label={t('create')} onClick={() => onCreate(node)} data-testid="dir-create" />
        </Tooltip>
      ) : null}
      {canEdit ? (
        <Tooltip title={t('edit')}>
          <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => onEdit(node)} data-testid="dir-edit" />
        </Tooltip>
      ) : null}
      {canDelete ? (
        <Tooltip title={t('delete')}>
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => onDelete(node)} data-testid="dir-delete" />
        </Tooltip>
      ) : null}
    </span>
  )
}
