import { useState } from 'react'
import { App, Avatar, Col, Empty, Flex, Form, Input, Modal, Pagination, Row, Spin, Tooltip, Typography, theme } from 'antd'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  USER_SEARCH_PAGE_SIZE,
  USER_SEARCH_PER_ROW,
  cutName,
  useContacts,
  useFriendMutations,
  userSearchQuery,
  type UserLookup,
} from '../api'
import { initialOf } from '../format'

export interface AddFriendDialogProps {
  open: boolean
  onClose: () => void
  /** The caller's id: they cannot befriend themselves. */
  me: string | null | undefined
}

/** The rows of a result page, USER_SEARCH_PER_ROW users each. */
export function rowsOf<T>(items: readonly T[], perRow = USER_SEARCH_PER_ROW): T[][] {
  const rows: T[][] = []
  for (let i = 0; i < items.length; i += perRow) rows.push(items.slice(i, i + perRow))
  return rows
}

const shownName = (u: UserLookup) => [u.name, u.surname].map((s) => (s ?? '').trim()).filter(Boolean).join(' ') || u.userName

/**
 * Add a friend: search the tenant's users (10 a page, 3 a row, names cut at 7 characters with
 * the whole name in a tooltip; spec 002 §9), pick one, give a remark name, send the request.
 */
export function AddFriendDialog({ open, onClose, me }: AddFriendDialogProps) {
  const { t } = useTranslation('chat')
  const { message } = App.useApp()
  const { token } = theme.useToken()
  const [filter, setFilter] = useState('')
  const [page, setPage] = useState(1)
  const [picked, setPicked] = useState<UserLookup | null>(null)
  const [remark, setRemark] = useState('')
  const contacts = useContacts()
  const { request } = useFriendMutations()
  const users = useQuery({
    ...userSearchQuery({ filter, skipCount: (page - 1) * USER_SEARCH_PAGE_SIZE, maxResultCount: USER_SEARCH_PAGE_SIZE }),
    enabled: open,
    placeholderData: keepPreviousData,
  })
  const friendIds = new Set((contacts.data ?? []).map((c) => c.id))

  const reset = () => {
    setFilter('')
    setPage(1)
    setPicked(null)
    setRemark('')
  }
  const close = () => {
    reset()
    onClose()
  }
  const send = async () => {
    if (!picked) {
      void message.warning(t('pickUser'))
      return
    }
    const r = await request.mutateAsync({ friendId: picked.id, remarkName: remark })
    // They had asked the caller already: friends at once.
    void message.success(r?.added ? t('friendAdded') : t('requestSent'))
    close()
  }

  const items = users.data?.items ?? []
  return (
    <Modal
      open={open}
      title={t('addFriend')}
      onCancel={close}
      onOk={() => void send().catch(() => undefined)}
      okText={t('send')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !picked, loading: request.isPending, 'data-testid': 'add-friend-send' }}
      width={560}
      destroyOnHidden
      data-testid="add-friend-dialog"
    >
      <Flex vertical gap={12}>
        <Input.Search
          allowClear
          placeholder={t('search.placeholder')}
          onSearch={(v) => {
            setFilter(v.replace(/\s+/g, ''))
            setPage(1)
          }}
          data-testid="user-search"
        />
        <Spin spinning={users.isFetching}>
          {items.length === 0 && !users.isPending ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />
          ) : (
            <Flex vertical gap={8} data-testid="user-results">
              {rowsOf(items).map((row, i) => (
                <Row key={i} gutter={8} data-testid="user-row">
                  {row.map((u) => {
                    const self = u.id === me
                    const friend = friendIds.has(u.id)
                    const name = shownName(u)
                    const selected = picked?.id === u.id
                    return (
                      <Col span={24 / USER_SEARCH_PER_ROW} key={u.id}>
                        <Flex
                          gap={6}
                          align="center"
                          className={`kerf-chat-user${selected ? ' is-selected' : ''}${self || friend ? ' is-disabled' : ''}`}
                          role="button"
                          aria-disabled={self || friend}
                          aria-pressed={selected}
                          onClick={() => (self || friend ? undefined : setPicked(u))}
                          style={{
                            padding: '6px 8px',
                            borderRadius: token.borderRadius,
                            border: `1px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
                            background: selected ? token.colorPrimaryBg : undefined,
                            cursor: self || friend ? 'not-allowed' : 'pointer',
                            opacity: self || friend ? 0.6 : 1,
                          }}
                          data-testid="user-result"
                          data-username={u.userName}
                        >
                          <Avatar size="small">{initialOf(name)}</Avatar>
                          <div style={{ minWidth: 0 }}>
                            <Tooltip title={name}>
                              <Typography.Text data-testid="user-result-name">{cutName(name)}</Typography.Text>
                            </Tooltip>
                            {self || friend ? (
                              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                                {self ? t('search.self') : t('search.friend')}
                              </Typography.Text>
                            ) : null}
                          </div>
                        </Flex>
                      </Col>
                    )
                  })}
                </Row>
              ))}
            </Flex>
          )}
        </Spin>
        <Pagination
          size="small"
          align="end"
          current={page}
          pageSize={USER_SEARCH_PAGE_SIZE}
          total={users.data?.totalCount ?? 0}
          showSizeChanger={false}
          showTotal={(total) => t('search.total', { total })}
          onChange={setPage}
          hideOnSinglePage
          data-testid="user-search-pages"
        />
        <Form layout="vertical">
          <Form.Item label={t('remarkName')} style={{ marginBottom: 0 }}>
            <Input value={remark} maxLength={64} onChange={(e) => setRemark(e.target.value)} placeholder={t('remarkPlaceholder')} data-testid="add-friend-remark" />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  )
}
