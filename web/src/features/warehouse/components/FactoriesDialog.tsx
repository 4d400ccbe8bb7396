import { useState, type HTMLAttributes } from 'react'
import { Alert, App, Button, Flex, Modal, Table, Tag } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { usePermission } from '../../../components'
import { factoriesQuery, useSetupMutations, type Factory } from '../api'
import { WarehousePermissions as P } from '../permissions'
import { FactoryDialog } from './FactoryDialog'
import { failureMessage } from './setupForm'

/** The tenant's factories (reachable from the shelves page): add, edit, and delete after 提示/Tips. */
export function FactoriesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('warehouse')
  const { t: tApp } = useTranslation()
  const { modal, message } = App.useApp()
  const { has } = usePermission()
  const list = useQuery(factoriesQuery(open))
  const { removeFactory } = useSetupMutations()
  const [editing, setEditing] = useState<{ factory: Factory | null } | null>(null)

  const del = (f: Factory) =>
    modal.confirm({
      title: t('tips'),
      content: t('setup.confirmDeleteFactory', { code: f.code }),
      okText: t('setup.confirm'),
      cancelText: t('setup.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as never,
      onOk: async () => {
        try {
          await removeFactory.mutateAsync(f.id)
          message.success(t('setup.deleted'))
        } catch (e) {
          message.error(failureMessage(e, tApp))
        }
      },
    })

  return (
    <Modal open={open} title={t('setup.factories')} width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Flex justify="end" style={{ marginBottom: 12 }}>
        {has(P.ShelvesCreate) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ factory: null })} data-testid="factory-add">
            {t('setup.addFactory')}
          </Button>
        ) : null}
      </Flex>
      {list.isError ? <Alert type="error" showIcon title={failureMessage(list.error, tApp)} /> : null}
      <Table<Factory>
        rowKey="id"
        size="small"
        data-testid="factory-table"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('setup.empty') }}
        onRow={(f) => ({ 'data-code': f.code }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('setup.field.code'), dataIndex: 'code', width: 120 },
          {
            title: t('setup.field.name'),
            dataIndex: 'name',
            render: (name: string, f) => (
              <>
                {name} {f.isDefault ? <Tag color="blue">{t('setup.default')}</Tag> : null}
              </>
            ),
          },
          { title: t('setup.field.address'), dataIndex: 'address' },
          {
            title: t('setup.actions'),
            width: 150,
            render: (_, f) => (
              <Flex gap={4}>
                {has(P.ShelvesEdit) ? (
                  <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing({ factory: f })} data-testid="factory-edit">
                    {t('setup.edit')}
                  </Button>
                ) : null}
                {has(P.ShelvesDelete) ? (
                  <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => del(f)} data-testid="factory-delete">
                    {t('setup.delete')}
                  </Button>
                ) : null}
              </Flex>
            ),
          },
        ]}
      />
      <FactoryDialog open={!!editing} factory={editing?.factory ?? null} onClose={() => setEditing(null)} />
    </Modal>
  )
}
