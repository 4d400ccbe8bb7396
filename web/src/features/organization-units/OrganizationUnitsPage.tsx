import { useMemo, useState } from 'react'
import { Alert, App, Button, Card, Col, Empty, Row, Spin, Tabs, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, PageContainer, Permission, errorToMessage, usePermission } from '../../components'
import { moveBody, unitListQuery, useUnitMutations, type OrganizationUnit } from './api'
import { OrganizationUnitPermissions } from './permissions'
import { pathOf, subtreeIds, type MoveDecision } from './tree'
import { UnitTree } from './components/UnitTree'
import { UnitDialog, type UnitDialogMode } from './components/UnitDialog'
import { MembersTab } from './components/MembersTab'
import { RolesTab } from './components/RolesTab'

/**
 * admin/organization-unit/index (spec 002 §2.4, §7.6): the tenant's organisation units as a
 * tree on the left (add a root or a sub-unit, edit, delete a subtree, drag to move), and the
 * selected unit's members and roles on the right.
 */
export function OrganizationUnitsPage() {
  const { t } = useTranslation('organization-units')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const canEdit = has(OrganizationUnitPermissions.OrganizationUnits)
  const canPickRoles = has(OrganizationUnitPermissions.Roles)
  const list = useQuery(unitListQuery())
  const units = useMemo(() => list.data ?? [], [list.data])
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [dialog, setDialog] = useState<UnitDialogMode | null>(null)
  const [reveal, setReveal] = useState<string[]>([])
  const [tab, setTab] = useState('members')
  const { update, remove } = useUnitMutations()
  const selected = units.find((u) => u.id === selectedId) ?? null

  const failure = (e: unknown) => {
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    message.error(errorToMessage(failed, tApp).message)
  }

  const showUnder = (parentId: string | null) => {
    if (parentId) setReveal((r) => (r.includes(parentId) ? r : [...r, parentId]))
  }

  const del = (u: OrganizationUnit) => {
    const below = subtreeIds(units, u.id)
    const count = below.size - 1
    modal.confirm({
      title: t('tips'),
      content: count > 0 ? t('confirmDeleteSubtree', { name: u.displayName, count }) : t('confirmDelete', { name: u.displayName }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(u.id)
          message.success(t('deleted'))
          if (selectedId && below.has(selectedId)) setSelectedId(null)
        } catch (e) {
          failure(e)
        }
      },
    })
  }

  const move = (u: OrganizationUnit, decision: Exclude<MoveDecision, { kind: 'none' }>) => {
    if (decision.kind === 'cycle') {
      message.warning(t('moveCycle'))
      return
    }
    if (update.isPending) return
    const parentName = decision.parentId ? units.find((x) => x.id === decision.parentId)?.displayName : undefined
    update.mutate(
      { id: u.id, body: moveBody(u, decision.parentId) },
      {
        onSuccess: () => {
          showUnder(decision.parentId)
          message.success(parentName ? t('moved', { name: u.displayName, parent: parentName }) : t('movedToRoot', { name: u.displayName }))
        },
        // the tree keeps showing the server's units: a refused move leaves it as it was
        onError: failure,
      },
    )
  }

  let left
  if (list.isError)
    left = (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        }
        data-testid="unit-tree-error"
      />
    )
  else if (list.isPending) left = <Spin style={{ display: 'block', margin: '24px auto' }} />
  else
    left = (
      <Spin spinning={update.isPending || remove.isPending}>
        <UnitTree
          units={units}
          selectedId={selectedId}
          onSelect={setSelectedId}
          canEdit={canEdit}
          reveal={reveal}
          onAddChild={(p) => setDialog({ kind: 'create', parentId: p.id })}
          onEdit={(u) => setDialog({ kind: 'edit', unit: u })}
          onDelete={del}
          onMove={move}
        />
      </Spin>
    )

  return (
    <PageContainer
      extra={
        <Permission value={OrganizationUnitPermissions.OrganizationUnits}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create', parentId: null })} data-testid="unit-add-root">
            {t('tree.addRoot')}
          </Button>
        </Permission>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('tree.title')} data-testid="unit-tree-card">
            {left}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card
            size="small"
            title={
              selected ? (
                <Typography.Text data-testid="unit-detail-title">{pathOf(units, selected.id).join(' / ')}</Typography.Text>
              ) : null
            }
            data-testid="unit-detail"
          >
            {selected ? (
              <Tabs
                activeKey={tab}
                onChange={setTab}
                items={[
                  { key: 'members', label: t('tabs.members'), children: <MembersTab key={selected.id} unit={selected} canEdit={canEdit} /> },
                  {
                    key: 'roles',
                    label: t('tabs.roles'),
                    children: <RolesTab key={selected.id} unit={selected} canEdit={canEdit} canPickRoles={canPickRoles} />,
                  },
                ]}
                data-testid="unit-tabs"
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSelection')} data-testid="unit-no-selection" />
            )}
          </Card>
        </Col>
      </Row>
      <UnitDialog
        mode={dialog}
        units={units}
        onClose={() => setDialog(null)}
        onSaved={(saved, parentId) => {
          showUnder(parentId)
          if (saved?.id) setSelectedId(saved.id)
        }}
      />
    </PageContainer>
  )
}
