import { useMemo, useState } from 'react'
import { App, Button, Card, Col, Empty, Row, Tooltip } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { errorToMessage, HttpError, PageContainer, usePermission } from '../../../components'
import {
  CatalogTree,
  ROOT_KEY,
  buildCatalogTree,
  catalogListQuery,
  findNode,
  selectionAfterDelete,
  useClickGuard,
  usePickerT,
  withRootEntry,
  type Catalog,
  type CatalogModule,
  type CatalogNode,
} from '../../../components/catalog-pickers'
import { useCatalogMutations, useCatalogs } from '../api'
import { modulePermissions } from '../permissions'
import { CatalogDialog, type CatalogDialogState } from './CatalogDialog'
import { DirectoryActions } from './DirectoryActions'
import { ItemPane } from './ItemPane'

/**
 * A catalogue screen (spec 001 §2): the searchable directory tree on the left, the items of the
 * selected directory on the right. Module "product" is the product screen, "matter" the parts
 * (material) screen.
 */
export function CatalogScreen({ module }: { module: CatalogModule }) {
  const { t } = useTranslation('catalog')
  const { t: tApp } = useTranslation()
  const { t: tc } = usePickerT()
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const { has } = usePermission()
  const perms = modulePermissions(module)
  const guard = useClickGuard()
  const catalogs = useCatalogs(module)
  const { remove } = useCatalogMutations(module)
  const [selectedKey, setSelectedKey] = useState<string | null>(ROOT_KEY)
  const [dialog, setDialog] = useState<CatalogDialogState | null>(null)

  const tree = useMemo(() => withRootEntry(buildCatalogTree(catalogs.data ?? []), tc('root')), [catalogs.data, tc])
  const selected = findNode(tree, selectedKey)

  const afterDelete = async (deleted: Catalog) => {
    message.success(t('deleted'))
    // The list reloads; the selection goes to the parent, else the first directory, else nothing.
    const fresh = await qc.fetchQuery({ ...catalogListQuery(module, false), staleTime: 0 })
    setSelectedKey(selectionAfterDelete(fresh, deleted))
  }

  const deleteDirectory = (node: CatalogNode) => {
    const c = node.catalog
    if (!c) return
    modal.confirm({
      title: t('tips'),
      content: t('directory.confirmDelete', { name: node.title }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync({ id: c.id })
          await afterDelete(c)
        } catch (e) {
          if (e instanceof HttpError && e.status === 400) {
            // The directory still holds sub-directories or items: offer to delete them with it.
            const said = errorToMessage({ status: e.status, data: e.data }, tApp).message
            modal.confirm({
              title: t('tips'),
              content: t('directory.cascade', { message: said }),
              okText: t('confirm'),
              cancelText: t('cancel'),
              okButtonProps: { danger: true },
              onOk: async () => {
                await remove.mutateAsync({ id: c.id, cascade: true })
                await afterDelete(c)
              },
            })
          } else if (e instanceof HttpError) {
            message.error(errorToMessage({ status: e.status, data: e.data, timeout: e.timeout }, tApp).message)
          }
        }
      },
    })
  }

  const addTopLevel = () => guard('add-directory', () => setDialog({ mode: 'create', parent: null }))

  return (
    <PageContainer card={false}>
      <Row gutter={16} wrap={false} data-testid={`catalog-screen-${module}`}>
        <Col flex="300px" style={{ minWidth: 240 }}>
          <Card size="small" variant="borderless">
            <CatalogTree
              catalogs={catalogs.data}
              loading={catalogs.isPending}
              error={catalogs.isError}
              onRetry={() => void catalogs.refetch()}
              selectedKey={selectedKey}
              onSelect={(n) => setSelectedKey(n.key)}
              extra={
                has(perms.create) ? (
                  <Tooltip title={t('directory.add')}>
                    <Button icon={<PlusOutlined />} aria-label={t('directory.add')} onClick={addTopLevel} data-testid="dir-add" />
                  </Tooltip>
                ) : null
              }
              renderActions={(n) => (
                <DirectoryActions
                  node={n}
                  canCreate={has(perms.create)}
                  canEdit={has(perms.edit)}
                  canDelete={has(perms.remove)}
                  onCreate={(p) => guard(`add-child:${p.key}`, () => setDialog({ mode: 'create', parent: p }))}
                  onEdit={(p) => p.catalog && setDialog({ mode: 'edit', catalog: p.catalog })}
                  onDelete={deleteDirectory}
                />
              )}
            />
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card size="small" variant="borderless">
            {selected ? (
              <ItemPane key={selected.key} module={module} node={selected} catalogs={catalogs.data ?? []} perms={perms} />
            ) : (
              <Empty description={t('directory.noneSelected')} data-testid="items-hidden" />
            )}
          </Card>
        </Col>
      </Row>
      <CatalogDialog
        module={module}
        state={dialog}
        onClose={() => setDialog(null)}
        onSaved={(c) => {
          setDialog(null)
          setSelectedKey(c.id)
        }}
      />
    </PageContainer>
  )
}
