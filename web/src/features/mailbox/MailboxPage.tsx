import { useState, type HTMLAttributes } from 'react'
import { Alert, Button, Descriptions, Flex, Input, Modal, Space, Spin, Tabs, Typography } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { DataTable, PageContainer, pagedList, useTablePaging } from '../../components'
import { mailQuery, mailboxQuery, type Mail } from './api'

const formatTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '')

/**
 * admin/emails/index: the development mailbox — the e-mails Kerf sent in this tenant while no SMTP
 * host is set, newest first, each readable as HTML and plain text.
 */
export function MailboxPage() {
  const { t } = useTranslation('mailbox')
  const [filter, setFilter] = useState('')
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging()
  const query = useQuery(mailboxQuery({ filter, sorting, ...paging.request }))
  const list = pagedList(query)
  const [open, setOpen] = useState<string | null>(null)

  const columns: ColumnsType<Mail> = [
    { key: 'sentTime', title: t('field.sentTime'), width: 170, sorter: true, render: (_, r) => formatTime(r.sentTime) },
    { key: 'to', title: t('field.to'), dataIndex: 'to', width: 240, sorter: true, ellipsis: true },
    {
      key: 'subject',
      title: t('field.subject'),
      sorter: true,
      ellipsis: true,
      render: (_, r) => (
        <Typography.Link onClick={() => setOpen(r.id)} data-testid="mail-subject">
          {r.subject}
        </Typography.Link>
      ),
    },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: 90,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid="mail-open">
          {t('open')}
        </Button>
      ),
    },
  ]

  return (
    <PageContainer
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} data-testid="mailbox-refresh">
          {t('refresh')}
        </Button>
      }
    >
      <Alert type="info" showIcon message={t('hint')} style={{ marginBottom: 12 }} />
      <Flex style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          enterButton
          placeholder={t('search')}
          onSearch={(v) => {
            setFilter(v.trim())
            paging.reset()
          }}
          style={{ maxWidth: 360 }}
          data-testid="mailbox-search"
        />
      </Flex>
      <DataTable<Mail>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        onRow={(r) => ({ 'data-testid': 'mail-row', 'data-subject': r.subject }) as HTMLAttributes<HTMLElement>}
        testId="mailbox"
      />
      {open ? <MailDialog id={open} onClose={() => setOpen(null)} /> : null}
    </PageContainer>
  )
}

function MailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('mailbox')
  const mail = useQuery(mailQuery(id))
  const m = mail.data
  return (
    <Modal open width={900} title={m?.subject ?? ''} onCancel={onClose} footer={<Button onClick={onClose}>{t('close')}</Button>} destroyOnHidden>
      <Spin spinning={mail.isPending}>
        {m ? (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="mail-dialog">
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('field.to')}>{m.to}</Descriptions.Item>
              <Descriptions.Item label={t('field.subject')}>{m.subject}</Descriptions.Item>
              <Descriptions.Item label={t('field.sentTime')}>{formatTime(m.sentTime)}</Descriptions.Item>
            </Descriptions>
            <Tabs
              items={[
                {
                  key: 'html',
                  label: t('html'),
                  children: (
                    <iframe
                      title={t('html')}
                      sandbox=""
                      srcDoc={m.html}
                      style={{ width: '100%', height: 420, border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, background: '#fff' }}
                      data-testid="mail-html"
                    />
                  ),
                },
                {
                  key: 'text',
                  label: t('text'),
                  children: (
                    <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="mail-text">
                      {m.text || t('noText')}
                    </pre>
                  ),
                },
              ]}
            />
          </Space>
        ) : null}
      </Spin>
    </Modal>
  )
}
