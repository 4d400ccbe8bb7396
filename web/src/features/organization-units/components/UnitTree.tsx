import { useMemo, useState, type Key } from 'react'
import { Button, Dropdown, Empty, Flex, Input, Tree, Typography } from 'antd'
import type { TreeDataNode, TreeProps } from 'antd'
import { ApartmentOutlined, DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { OrganizationUnit } from '../api'
import { buildUnitTree, decideDrop, filterTree, parentIds, type MoveDecision, type UnitNode } from '../tree'

export interface UnitTreeProps {
  units: readonly OrganizationUnit[]
  selectedId: string | null
  onSelect: (id: string | null) => void
  /** Show the add, edit, delete actions and allow dragging. */
  canEdit: boolean
  onAddChild: (parent: OrganizationUnit) => void
  onEdit: (unit: OrganizationUnit) => void
  onDelete: (unit: OrganizationUnit) => void
  /** A drop asked for a move (or was refused as a cycle); a drop that changes nothing is not reported. */
  onMove: (unit: OrganizationUnit, decision: Exclude<MoveDecision, { kind: 'none' }>) => void
  /** Units to show expanded even if the user collapsed them (e.g. a new parent). */
  reveal?: readonly string[]
}

type UnitTreeNode = TreeDataNode & { unit: OrganizationUnit; children: UnitTreeNode[] }

function toTreeData(nodes: UnitNode<OrganizationUnit>[]): UnitTreeNode[] {
  return nodes.map((n) => ({ key: n.key, title: n.title, unit: n.unit, children: toTreeData(n.children) }))
}

/**
 * The units as a tree, filtered by a name search; each node has a menu (add sub-unit, edit,
 * delete), and a unit dragged onto another moves there (decideDrop says how).
 */
export function UnitTree({ units, selectedId, onSelect, canEdit, onAddChild, onEdit, onDelete, onMove, reveal = [] }: UnitTreeProps) {
  const { t } = useTranslation('organization-units')
  const [search, setSearch] = useState('')
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set())
  const tree = useMemo(() => buildUnitTree(units), [units])
  const shown = useMemo(() => toTreeData(filterTree(tree, search)), [tree, search])
  const expandedKeys = useMemo(() => {
    const all = parentIds(tree)
    if (search.trim()) return all // a search shows every match
    const opened = new Set(reveal)
    return all.filter((id) => !collapsed.has(id) || opened.has(id))
  }, [tree, search, collapsed, reveal])

  const onDrop: TreeProps<UnitTreeNode>['onDrop'] = (info) => {
    const dragged = info.dragNode.unit
    const pos = String(info.node.pos ?? '').split('-')
    const decision = decideDrop(units, {
      dragId: dragged.id,
      targetId: info.node.unit.id,
      dropToGap: info.dropToGap,
      relative: info.dropPosition - Number(pos.at(-1) ?? 0),
      targetExpanded: !!info.node.expanded,
    })
    if (decision.kind !== 'none') onMove(dragged, decision)
  }

  // a unit never goes into its own subtree: the tree does not even offer such a drop
  const allowDrop: TreeProps<UnitTreeNode>['allowDrop'] = ({ dragNode, dropNode, dropPosition }) =>
    decideDrop(units, {
      dragId: dragNode.unit.id,
      targetId: dropNode.unit.id,
      dropToGap: dropPosition !== 0,
      relative: dropPosition,
      targetExpanded: expandedKeys.includes(dropNode.unit.id),
    }).kind !== 'cycle'

  const menuOf = (u: OrganizationUnit) => ({
    items: [
      { key: 'add', icon: <PlusOutlined />, label: <span data-testid="unit-add-child">{t('tree.addChild')}</span> },
      { key: 'edit', icon: <EditOutlined />, label: <span data-testid="unit-edit">{t('tree.edit')}</span> },
      { type: 'divider' as const },
      { key: 'delete', icon: <DeleteOutlined />, danger: true, label: <span data-testid="unit-delete">{t('tree.delete')}</span> },
    ],
    onClick: ({ key, domEvent }: { key: string; domEvent: { stopPropagation: () => void } }) => {
      domEvent.stopPropagation()
      if (key === 'add') onAddChild(u)
      else if (key === 'edit') onEdit(u)
      else if (key === 'delete') onDelete(u)
    },
  })

  return (
    <Flex vertical gap={8} data-testid="unit-tree-panel">
      <Input.Search
        allowClear
        placeholder={t('tree.search')}
        onChange={(e) => setSearch(e.target.value)}
        onSearch={setSearch}
        data-testid="unit-tree-search"
      />
      {units.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.empty')} data-testid="unit-tree-empty" />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.noMatch', { text: search.trim() })} />
      ) : (
        <>
          {canEdit ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('tree.dragHint')}
            </Typography.Text>
          ) : null}
          <Tree<UnitTreeNode>
            blockNode
            treeData={shown}
            selectedKeys={selectedId ? [selectedId] : []}
            expandedKeys={expandedKeys}
            onExpand={(_keys: Key[], { expanded, node }) =>
              setCollapsed((prev) => {
                const next = new Set(prev)
                if (expanded) next.delete(String(node.key))
                else next.add(String(node.key))
                return next
              })
            }
            onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : selectedId)}
            draggable={canEdit && !search.trim() ? { icon: false } : false}
            allowDrop={allowDrop}
            onDrop={onDrop}
            titleRender={(node) => (
              <Flex justify="space-between" align="center" gap={4} data-testid="unit-node" data-name={node.unit.displayName}>
                <Flex align="center" gap={6} style={{ minWidth: 0 }}>
                  <ApartmentOutlined style={{ color: 'var(--ant-color-text-tertiary, #999)' }} />
                  <span data-testid="unit-node-name" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {node.unit.displayName}
                  </span>
                </Flex>
                {canEdit ? (
                  <Dropdown menu={menuOf(node.unit)} trigger={['click']}>
                    <Button
                      type="text"
                      size="small"
                      icon={<MoreOutlined />}
                      aria-label={t('tree.more')}
                      title={t('tree.more')}
                      onClick={(e) => e.stopPropagation()}
                      data-testid="unit-node-more"
                    />
                  </Dropdown>
                ) : null}
              </Flex>
            )}
            data-testid="unit-tree"
          />
        </>
      )}
    </Flex>
  )
}
