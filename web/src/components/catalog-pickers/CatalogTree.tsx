import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { Alert, Button, Empty, Flex, Input, Skeleton, Tree, Typography } from 'antd'
import { FolderOutlined, HomeOutlined } from '@ant-design/icons'
import type { DataNode } from 'antd/es/tree'
import { ancestorKeys, buildCatalogTree, expandableKeys, filterCatalogTree, withRootEntry, type CatalogNode } from './catalogTree'
import type { Catalog } from './types'
import { usePickerT } from './texts'

export interface CatalogTreeProps {
  catalogs: readonly Catalog[] | undefined
  loading?: boolean
  error?: boolean
  onRetry?: () => void
  /** The selected entry: a catalogue id, ROOT_KEY, or null for none. */
  selectedKey: string | null
  onSelect: (node: CatalogNode) => void
  /** Per-directory actions (the catalogue pages pass Create / Edit / Delete). */
  renderActions?: (node: CatalogNode) => ReactNode
  /** Shown right of the search box (the pages' plus icon). */
  extra?: ReactNode
  /** For e2e: `data-testid` prefix. */
  testId?: string
}

/** Directory actions show on the hovered, focused or selected row only, so names keep their room. */
const ACTION_CSS = `
.kerf-catalog-tree .kerf-catalog-node-actions { opacity: 0; transition: opacity .15s; }
.kerf-catalog-tree .ant-tree-treenode:hover .kerf-catalog-node-actions,
.kerf-catalog-tree .ant-tree-treenode-selected .kerf-catalog-node-actions,
.kerf-catalog-tree .kerf-catalog-node-actions:focus-within { opacity: 1; }
@media (hover: none) { .kerf-catalog-tree .kerf-catalog-node-actions { opacity: 1; } }
`

interface TreeItem extends DataNode {
  node: CatalogNode
  children?: TreeItem[]
}

function toTreeData(list: CatalogNode[]): TreeItem[] {
  return list.map((n) => ({
    key: n.key,
    title: n.title,
    node: n,
    isLeaf: n.children.length === 0,
    children: n.children.length ? toTreeData(n.children) : undefined,
  }))
}

/**
 * The left pane of the catalogue screens and pickers: a search box and the directory tree,
 * shown by catalogName, with the fixed root entry (no id, code 00001) on top.
 */
export function CatalogTree({ catalogs, loading, error, onRetry, selectedKey, onSelect, renderActions, extra, testId = 'catalog-tree' }: CatalogTreeProps) {
  const { t } = usePickerT()
  const [search, setSearch] = useState('')
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const full = useMemo(() => withRootEntry(buildCatalogTree(catalogs ?? []), t('root')), [catalogs, t])
  const shown = useMemo(() => filterCatalogTree(full, search), [full, search])
  const treeData = useMemo(() => toTreeData(shown), [shown])
  const expandable = useMemo(() => expandableKeys(shown), [shown])
  const expandedKeys = search.trim() ? expandable : expandable.filter((k) => !collapsed.has(k))

  // A selection made elsewhere (a new directory, the one after a delete) is never hidden in a collapsed branch.
  // (Only when the selection or the list changes: the user may still fold the selected branch.)
  useEffect(() => {
    const open = ancestorKeys(catalogs ?? [], selectedKey)
    if (open.length) setCollapsed((prev) => (open.some((k) => prev.has(k)) ? new Set([...prev].filter((k) => !open.includes(k))) : prev))
  }, [selectedKey, catalogs])

  let body: ReactNode
  if (loading && !catalogs) body = <Skeleton active paragraph={{ rows: 6 }} />
  else if (error && !catalogs)
    body = (
      <Alert
        type="error"
        title={t('loadFailed')}
        action={onRetry ? <Button size="small" onClick={onRetry}>{t('retry')}</Button> : undefined}
      />
    )
  else
    body = (
      <>
        <Tree<TreeItem>
          blockNode
          treeData={treeData}
          selectedKeys={selectedKey ? [selectedKey] : []}
          expandedKeys={expandedKeys}
          onExpand={(_keys, info) => {
            const key = String(info.node.key)
            setCollapsed((prev) => {
              const next = new Set(prev)
              if (info.expanded) next.delete(key)
              else next.add(key)
              return next
            })
          }}
          onSelect={(_keys, info) => onSelect(info.node.node)}
          titleRender={(item) => (
            <Flex justify="space-between" align="center" gap={4} className="kerf-catalog-node" data-testid={`${testId}-node`} data-key={item.node.key}>
              <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
                {item.node.isRoot ? <HomeOutlined /> : <FolderOutlined />} {item.node.title}
              </Typography.Text>
              {renderActions ? (
                <span onClick={(e) => e.stopPropagation()} className="kerf-catalog-node-actions">
                  {renderActions(item.node)}
                </span>
              ) : null}
            </Flex>
          )}
        />
        {full.length === 1 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noDirectory')} /> : null}
      </>
    )

  return (
    <div data-testid={testId} className="kerf-catalog-tree">
      {renderActions ? <style>{ACTION_CSS}</style> : null}
      <Flex gap={8} style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder={t('searchDirectory')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid={`${testId}-search`}
        />
        {extra}
      </Flex>
      {body}
    </div>
  )
}

