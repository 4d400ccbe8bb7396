// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, testQueryClient, type ApiCall } from '../../test/render'
import { sessionKeys } from '../../api/session'
import { fakeHub } from './hub.testing'
import { useChatUi } from './store'
import { cutName, type Contact, type FriendRequest } from './api'
import { AddFriendDialog } from './components/AddFriendDialog'
import { ChatPage } from './ChatPage'
import { ChatNavEntry } from './ChatNavEntry'

vi.mock('./hub', () => import('./hub.testing'))

const ME = 'u-me'
const user = (i: number, name = `User ${i}`) => ({ id: `u${i}`, userName: `user${i}`, name, surname: '', email: `u${i}@kerf.test` })
const users = [user(0, '张三丰太极拳创始人'), ...Array.from({ length: 12 }, (_, i) => user(i + 1))]
const contact = (id: string, displayName: string, unread = 0): Contact => ({
  id,
  displayName,
  unread,
  avatar: '',
  type: 0,
  lastContent: '',
  lastMessageType: 0,
  lastSendTime: null,
  online: true,
  readMsgPage: 0,
})
const request: FriendRequest = { requestId: 'r1', fromUserId: 'u7', fromUserName: 'Grace', remarkName: 'Your colleague', creationTime: '2026-01-01T08:00:00Z' }

function client() {
  const c = testQueryClient()
  c.setQueryData(sessionKeys.config, { currentUser: { id: ME, userName: 'me' }, auth: { grantedPolicies: {} } })
  return c
}

const toast = (text: string) => waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain(text))

beforeEach(() => {
  fakeHub.reset()
  useChatUi.setState({ openPeerId: null, validations: [], navEntries: 0 })
})

describe('cutName', () => {
  it('keeps 7 characters and marks the cut', () => {
    expect(cutName('张三丰太极拳创始人')).toBe('张三丰太极拳创…')
    expect(cutName('Grace')).toBe('Grace')
    expect(cutName('1234567')).toBe('1234567')
  })
})

describe('AddFriendDialog', () => {
  it('lists 10 users a page, 3 a row, names cut at 7 characters with the whole name on hover, and sends the request', async () => {
    const calls = mockApi({
      'GET /api/identity/users/lookup/search': (c: ApiCall) => pageOf(users, c),
      'GET /api/im/chat/my-contacts': () => ({ items: [contact('u2', 'User 2')] }),
      'POST /api/im/my-friends/add-request': () => ({ requestId: 'r9', added: false }),
    })
    const onClose = vi.fn()
    renderWithApp(<AddFriendDialog open onClose={onClose} me={ME} />, { client: client() })
    await waitFor(() => expect(screen.getAllByTestId('user-result')).toHaveLength(10))
    expect(screen.getAllByTestId('user-row').map((r) => within(r).getAllByTestId('user-result').length)).toEqual([3, 3, 3, 1])
    expect(calls.at(-1)?.query.get('MaxResultCount')).toBe('10')

    const long = screen.getAllByTestId('user-result-name')[0]
    expect(long.textContent).toBe('张三丰太极拳创…')
    await userEvent.hover(long)
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '张三丰太极拳创始人')

    // An existing friend cannot be picked again.
    const friend = screen.getAllByTestId('user-result').find((e) => e.dataset.username === 'user2') as HTMLElement
    expect(friend.getAttribute('aria-disabled')).toBe('true')
    expect(within(friend).getByText('Already a friend')).toBeTruthy()

    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(screen.getAllByTestId('user-result')).toHaveLength(3))
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('10')

    const pick = screen.getAllByTestId('user-result').find((e) => e.dataset.username === 'user11') as HTMLElement
    await userEvent.click(pick)
    await userEvent.type(screen.getByTestId('add-friend-remark'), 'Eleven')
    await userEvent.click(screen.getByTestId('add-friend-send'))
    await toast('Friend request sent; waiting for them to accept')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ friendId: 'u11', remarkName: 'Eleven' })
    expect(onClose).toHaveBeenCalled()
  })

  it('searches from the first page', async () => {
    const calls = mockApi({
      'GET /api/identity/users/lookup/search': (c: ApiCall) => pageOf(users.filter((u) => u.name.replace(/\s/g, '').includes(c.query.get('Filter') ?? '')), c),
      'GET /api/im/chat/my-contacts': () => ({ items: [] }),
    })
    renderWithApp(<AddFriendDialog open onClose={() => undefined} me={ME} />, { client: client() })
    await waitFor(() => expect(screen.getAllByTestId('user-result')).toHaveLength(10))
    await userEvent.type(within(screen.getByTestId('user-search')).getByRole('searchbox'), 'User 1{Enter}')
    await waitFor(() => expect(screen.getAllByTestId('user-result')).toHaveLength(4))
    expect(calls.at(-1)?.query.get('Filter')).toBe('User1')
  })
})

describe('friend requests', () => {
  it('lists the waiting requests and accepting one says so and reloads the contacts', async () => {
    let friends: Contact[] = []
    let waiting = [request]
    const calls = mockApi({
      'GET /api/im/chat/my-contacts': () => ({ items: friends }),
      'GET /api/im/my-friends/requests': () => ({ items: waiting }),
      'POST /api/im/my-friends': () => {
        friends = [contact('u7', 'Grace')]
        waiting = []
        return undefined
      },
    })
    renderWithApp(<ChatPage />, { client: client() })
    const row = await screen.findByTestId('friend-request')
    expect(within(row).getByText('Grace')).toBeTruthy()
    expect(within(row).getByText('Remark: Your colleague')).toBeTruthy()
    await userEvent.click(within(row).getByTestId('friend-request-accept'))
    await toast('You are friends now!')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ friendId: 'u7' })
    await waitFor(() => expect(screen.queryByTestId('friend-request')).toBeNull())
    expect(await screen.findByText('Grace')).toBeTruthy()
  })

  it('opens the validation prompt on a friendValidation push; refusing sends the refusal', async () => {
    const calls = mockApi({
      'GET /api/im/chat/my-contacts': () => ({ items: [] }),
      'GET /api/im/my-friends/requests': () => ({ items: [] }),
      'POST /api/im/my-friends/refuse': () => undefined,
    })
    renderWithApp(<ChatPage />, { client: client() })
    await screen.findByTestId('chat-contacts-empty')
    act(() => fakeHub.emit('friendValidation', request))
    const prompt = await screen.findByTestId('friend-validation-text')
    expect(prompt.textContent).toBe('Grace asks to be your friend')
    await userEvent.click(screen.getByTestId('friend-validation-refuse'))
    await toast('Friend request refused')
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/im/my-friends/refuse', body: { friendId: 'u7' } })
    await waitFor(() => expect(screen.queryByTestId('friend-validation-text')).toBeNull())
  })
})

describe('ChatNavEntry', () => {
  it('shows the unread total, raised by pushes, and the validation prompt on any page', async () => {
    const calls = mockApi({
      'GET /api/im/chat/my-contacts': () => ({ items: [contact('u1', 'Ann', 2), contact('u2', 'Ben', 1)] }),
      'POST /api/im/my-friends': () => undefined,
      'GET /api/im/my-friends/requests': () => ({ items: [] }),
    })
    renderWithApp(<ChatNavEntry />, { client: client() })
    const entry = await screen.findByTestId('chat-nav-entry')
    await waitFor(() => expect(entry.dataset.unread).toBe('3'))
    expect(within(entry).getByText('3')).toBeTruthy()

    act(() =>
      fakeHub.emit('getChatMessage', {
        messageId: 'm1',
        formUserId: 'u2',
        formUserName: 'Ben',
        toUserId: ME,
        content: 'hi',
        sendTime: '2026-01-01T08:00:00Z',
        isAnonymous: false,
        messageType: 0,
        state: 0,
        groupId: '',
        tenantId: null,
      }),
    )
    await waitFor(() => expect(entry.dataset.unread).toBe('4'))

    act(() => fakeHub.emit('friendValidation', request))
    await userEvent.click(await screen.findByTestId('friend-validation-accept'))
    await toast('You are friends now!')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ friendId: 'u7' })
  })
})
