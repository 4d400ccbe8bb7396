import { useMemo, useState } from 'react'
import { App, Form, TreeSelect, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { buildCatalogTree, EMPTY_GUID, ROOT_KEY, type Catalog, type CatalogItem, type CatalogModule, type CatalogNode } from '../../../components/catalog-pickers'
import { useItemMutations } from '../api'
import { useWhenChanged, SaveModal } from '../../../components'

export interface MoveDialogProps {
  module: CatalogModule
  open: boolean
  catalogs: readonly Catalog[]
  rows: readonly CatalogItem[]
  onClose: () => void
  onMoved: () => void
}

interface Option {
  value: string
  title: string
  disabled?: boolean
  children?: Option[]
}

function toOptions(nodes: CatalogNode[]): Option[] {
  return nodes.map((n) => ({ value: n.key, title: n.title, children: n.children.length ? toOptions(n.children) : undefined }))
}

/**
 * The directory options of the move selector (spec 001 §2: a filterable directory selector
 * including a root option): the root on top, holding the directory tree. Choosing the root
 * moves the items out of every directory (their catalogId becomes the all-zero id).
 */
export function moveOptions(catalogs: readonly Catalog[], rootTitle: string): Option[] {
  return [{ value: ROOT_KEY, title: rootTitle, children: toOptions(buildCatalogTree(catalogs)) }]
}

/** The catalogId a move sends for a chosen option: the all-zero id for the root. */
export function moveTarget(option: string): string {
  return option === ROOT_KEY ? EMPTY_GUID : option
}

/** Move: a filterable directory selector with the root option; Cancel and Save. */
export function MoveDialog({ module, open, catalogs, rows, onClose, onMoved }: MoveDialogProps) {
  const { t } = useTranslation('catalog')
  const { message } = App.useApp()
  const { move } = useItemMutations(module)
  const [target, setTarget] = useState<string | undefined>()
  const [error, setError] = useState<string | null>(null)
  const options = useMemo(() => moveOptions(catalogs, t('move.root')), [catalogs, t])

  useWhenChanged(open, (o) => {
    if (o) {
      setTarget(undefined)
      setError(null)
    }
  })

  const save = async () => {
    if (move.isPending) return
    if (!target) {
      setError(t('move.chooseTarget'))
      return
    }
    try {
      await move.mutateAsync({ rows, catalogId: moveTarget(target) })
      message.success(t('moved'))
      onMoved()
    } catch (e) {
      console.error(e) // a failed save only re-enables the button (spec 001 §8)
    }
  }

  return (
    <SaveModal
      open={open}
      title={t('move.title')}
      saving={move.isPending}
      onCancel={onClose}
      onSave={() => void save()}
      saveTestId="move-save"
      forceRender={false}
    >
      <Typography.Paragraph type="secondary">{t('move.count', { count: rows.length })}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('move.target')} required validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <TreeSelect<string>
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            allowClear
            placeholder={t('move.searchPlaceholder')}
            treeData={options}
            value={target}
            onChange={(v) => {
              setTarget(v)
              setError(null)
            }}
            style={{ width: '100%' }}
            data-testid="move-target"
          />
        </Form.Item>
      </Form>
    </SaveModal>
  )
}
