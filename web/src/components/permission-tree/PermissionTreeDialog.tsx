import { useMemo, useState, type ReactNode } from 'react'
import { Alert, App, Button, Checkbox, Empty, Flex, Spin, Tabs, Tag, Tooltip, Tree, Typography } from 'antd'
import type { DataNode } from 'antd/es/tree'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { errorToMessage } from '../../api/errors'
import { SaveModal } from '../SaveModal'
import { useWhenChanged } from '../useWhenChanged'
import { permissionTreeQuery, useUpdatePermissions } from './api'
import {
  changedFrom,
  checkedCount,
  grantedNamesOf,
  initialChecked,
  permissionsOf,
  selectionState,
  setAll,
  toPermNodes,
  togglePermission,
  type PermNode,
  type ProviderName,
} from './permissionTree'
import { usePermissionTreeT } from './texts'

export interface PermissionTreeDialogProps {
  /** Open for this provider (R: key is the role name; U: key is the user id); null when closed. */
  target: { providerName: ProviderName; providerKey: string; displayName: string } | null
  onClose: () => void
}

/**
 * The permissions of a role or a user as a checkable tree per group, with select-all for
 * everything and per group. Checking a permission checks its parents, unchecking it unchecks
 * its children. A permission a user holds through a role shows checked and disabled with the
 * role named: it is changed on the role. Save sends the complete list the provider grants.
 */
export function PermissionTreeDialog({ target, onClose }: PermissionTreeDialogProps) {
  const { t } = usePermissionTreeT()
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const query = useQuery({
    ...permissionTreeQuery(target?.providerName ?? 'R', target?.providerKey ?? ''),
    enabled: !!target,
  })
  const save = useUpdatePermissions()
  const answer = target ? query.data : undefined
  const nodes = useMemo(() => (answer ? toPermNodes(answer) : []), [answer])
  const [checked, setChecked] = useState<Set<string>>(new Set())
  const [tab, setTab] = useState<string | undefined>()

  // a fresh answer (dialog opened, or reloaded after a save) resets the ticks
  useWhenChanged(answer, (a) => {
    if (!a) return
    setChecked(initialChecked(toPermNodes(a), a.grantedNames))
  })
  useWhenChanged(target, () => setTab(undefined))

  const submit = async () => {
    if (!target || !answer || save.isPending) return
    if (!changedFrom(nodes, checked, answer.grantedNames)) {
      message.info(t('unchanged'))
      onClose()
      return
    }
    try {
      const grantedNames = grantedNamesOf(nodes, checked)
      await save.mutateAsync({ providerName: target.providerName, providerKey: target.providerKey, grantedNames })
      message.success(t('saved'))
      onClose()
    } catch (e) {
      const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
      message.error(errorToMessage(failed, tApp).message)
    }
  }

  const all = selectionState(nodes, checked)
  const total = checkedCount(nodes, checked)
  const title = target
    ? t(target.providerName === 'R' ? 'titleRole' : 'titleUser', { name: answer?.entityDisplayName || target.displayName })
    : ''

  let body: ReactNode
  if (query.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
        data-testid="permission-tree-error"
      />
    )
  } else if (!answer) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    )
  } else if (nodes.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
  } else {
    body = (
      <>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Checkbox
            checked={all === 'all'}
            indeterminate={all === 'some'}
            onChange={(e) => setChecked(setAll(nodes, checked, e.target.checked))}
            data-testid="permission-all"
          >
            {t('selectAll')}
          </Checkbox>
          <Typography.Text type="secondary" data-testid="permission-count">
            {t('count', total)}
          </Typography.Text>
        </Flex>
        <Tabs
          tabPlacement="start"
          size="small"
          activeKey={tab ?? nodes[0]?.key}
          onChange={setTab}
          style={{ height: 440 }}
          items={nodes.map((g) => {
            const c = checkedCount([g], checked)
            return {
              key: g.key,
              label: (
                <span data-testid={`permission-group-tab-${g.name}`}>
                  {g.title} <Typography.Text type="secondary">({c.checked}/{c.total})</Typography.Text>
                </span>
              ),
              children: (
                <GroupPane group={g} checked={checked} onChange={setChecked} nodes={nodes} />
              ),
            }
          })}
        />
      </>
    )
  }

  return (
    <SaveModal open={!!target} width={820} title={title} saving={save.isPending} onCancel={onClose} onSave={() => void submit()} saveTestId="permission-tree-save">
      <div data-testid="permission-tree-dialog">{body}</div>
    </SaveModal>
  )
}

function GroupPane({ group, nodes, checked, onChange }: { group: PermNode; nodes: PermNode[]; checked: Set<string>; onChange: (next: Set<string>) => void }) {
  const { t } = usePermissionTreeT()
  const state = selectionState([group], checked)
  const treeData = useMemo(() => group.children.map((n) => toDataNode(n, t)), [group, t])
  const expanded = useMemo(() => permissionsOf(group.children).filter((n) => n.children.length).map((n) => n.key), [group])
  return (
    <div style={{ height: 440, overflow: 'auto' }} data-testid={`permission-group-${group.name}`}>
      <Checkbox
        checked={state === 'all'}
        indeterminate={state === 'some'}
        onChange={(e) => onChange(setAll([group], checked, e.target.checked))}
        style={{ marginBottom: 8 }}
        data-testid={`permission-group-all-${group.name}`}
      >
        {t('selectAllGroup')}
      </Checkbox>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        blockNode
        expandedKeys={expanded}
        switcherIcon={() => null}
        checkedKeys={{ checked: [...checked].filter((k) => permissionsOf(group.children).some((n) => n.key === k)), halfChecked: [] }}
        onCheck={(_keys, info) => onChange(togglePermission(nodes, checked, String(info.node.key), info.checked))}
        treeData={treeData}
      />
    </div>
  )
}

function toDataNode(n: PermNode, t: (key: string, o?: Record<string, unknown>) => string): DataNode {
  const roles = n.grantedBy.filter((p) => p.providerName === 'R').map((p) => p.providerKey)
  const others = n.grantedBy.filter((p) => p.providerName !== 'R').map((p) => `${p.providerName}:${p.providerKey}`)
  const hint = roles.length ? t('grantedByRole', { roles: roles.join(', ') }) : others.length ? t('grantedByOther', { providers: others.join(', ') }) : ''
  const title = (
    <span data-testid={`permission-node-${n.name}`} data-locked={n.locked ? 'true' : undefined}>
      {n.title}
      {hint ? (
        <Tooltip title={n.locked ? t('lockedHint') : undefined}>
          <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid="permission-granted-by">
            {hint}
          </Tag>
        </Tooltip>
      ) : null}
    </span>
  )
  return { key: n.key, title, disableCheckbox: n.locked, children: n.children.map((c) => toDataNode(c, t)) }
}
