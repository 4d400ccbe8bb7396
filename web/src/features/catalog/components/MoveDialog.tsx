import { useMemo, useState } from 'react'
import { App, Form, TreeSelect, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { buildCatalogTree, ROOT_KEY, usePickerT, type Catalog, type CatalogItem, type CatalogModule, type CatalogNode } from '../../../components/catalog-pickers'
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
 * The directory options of the move selector. The root option is listed (spec 001 §2) but
 * cannot be chosen: every product and part belongs to a directory on the server, which keeps
 * the old directory when it is sent the all-zero id.
 */
export function moveOptions(catalogs: readonly Catalog[], rootTitle: string): Option[] {
  return [{ value: ROOT_KEY, title: rootTitle, disabled: true, children: toOptions(buildCatalogTree(catalogs)) }]
}

/** Move: a filterable directory selector with the root option; Cancel and Save. */
export function MoveDialog({ module, open, catalogs, rows, onClose, onMoved }: MoveDialogProps) {
  const { t } = useTranslation('catalog')
  const { t: tc } = usePickerT()
  const { message } = App.useApp()
  const { move } = useItemMutations(module)
  const [target, setTarget] = useState<string | undefined>()
  const [error, setError] = useState<string | null>(null)
  const options = useMemo(() => moveOptions(catalogs, tc('root')), [catalogs, tc])

  useWhenChanged(open, (o) => {
    if (o) {
      setTarget(undefined)
      setError(null)
    }
  })

  const save = async () => {
    if (move.isPending) return
    if (!target || target === ROOT_KEY) {
      setError(t('move.chooseTarget'))
      return
    }
    try {
      await move.mutateAsync({ rows, catalogId: target })
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
