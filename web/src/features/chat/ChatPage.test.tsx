// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderWithApp, testQueryClient, type ApiCall } from '../../test/render'
import { sessionKeys } from '../../api/session'
import { fakeHub } from './hub.testing'
import { useChatUi } from './store'
import type { ChatMessage, Contact } from './api'
import { ChatPage } from './ChatPage'

vi.mock('./hub', () => import('./hub.testing'))

const ME = 'u-me'
const BOB = 'u-bob'
const CAROL = 'u-carol'

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

function msg(i: number, from = BOB, to = ME, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    messageId: `m${i}`,
    formUserId: from,
    formUserName: from === ME ? 'me' : 'Bob',
    toUserId: to,
    content: `message ${i}`,
    sendTime: new Date(Date.UTC(2026, 0, 1, 8, i)).toISOString(),
    isAnonymous: false,
    messageType: 0,
    state: 0,
    groupId: '',
    tenantId: null,
    ...extra,
  }
}

/** 12 messages with Bob, m1 oldest; the server answers newest first. */
const history = Array.from({ length: 12 }, (_, i) => msg(i + 1, i % 2 ? ME : BOB, i % 2 ? BOB : ME))

function serve(over: Record<string, (c: ApiCall) => unknown> = {}) {
  return mockApi({
    'GET /api/im/chat/my-contacts': () => ({ items: [contact(BOB, 'Bob', 2), contact(CAROL, 'Carol')] }),
    'GET /api/im/my-friends/requests': () => ({ items: [] }),
    'GET /api/im/chat/my-messages': (c) => {
      const skip = Number(c.query.get('skipCount'))
      const max = Number(c.query.get('maxResultCount'))
      const rows = c.query.get('receiveUserId') === BOB ? [...history].reverse() : []
      return { items: rows.slice(skip, skip + max), totalCount: rows.length }
    },
    ...over,
  })
}

function render() {
  const client = testQueryClient()
  client.setQueryData(sessionKeys.config, { currentUser: { id: ME, userName: 'me' }, auth: { grantedPolicies: {} } })
  return renderWithApp(<ChatPage />, { client })
}

const texts = () => screen.queryAllByTestId('chat-text').map((e) => e.textContent)
const contactRow = (name: string) => screen.getAllByTestId('chat-contact').find((e) => within(e).queryByText(name)) as HTMLElement

async function openBob() {
  await userEvent.click(await screen.findByText('Bob'))
  await waitFor(() => expect(texts()).toHaveLength(10))
}

function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((a, b) => {
    resolve = a
    reject = b
  })
  return { promise, resolve, reject }
}

beforeEach(() => {
  fakeHub.reset()
  useChatUi.setState({ openPeerId: null, validations: [], navEntries: 0 })
})
afterEach(() => vi.useRealTimers())

describe('ChatPage conversation', () => {
  it('shows the newest 10 messages with the newest at the bottom, loads earlier ones, and clears the unread count', async () => {
    const calls = serve()
    render()
    await waitFor(() => expect(contactRow('Bob').dataset.unread).toBe('2'))
    await openBob()
    expect(texts()[0]).toBe('message 3')
    expect(texts().at(-1)).toBe('message 12')
    expect(calls.find((c) => c.path === '/api/im/chat/my-messages')?.query.get('maxResultCount')).toBe('10')
    // Reading the conversation read it.
    await waitFor(() => expect(contactRow('Bob').dataset.unread).toBe('0'))

    await userEvent.click(screen.getByTestId('load-earlier'))
    await waitFor(() => expect(texts()).toHaveLength(12))
    expect(texts()[0]).toBe('message 1')
    expect(calls.filter((c) => c.path === '/api/im/chat/my-messages').at(-1)?.query.get('skipCount')).toBe('10')
    expect(screen.getByTestId('chat-no-more')).toBeTruthy()
    expect(screen.queryByTestId('load-earlier')).toBeNull()
    // Own messages from the history count as sent.
    expect(screen.getAllByTestId('chat-message').filter((e) => e.dataset.mine === 'true').every((e) => e.dataset.status === 'succeeded')).toBe(true)
  })

  it('marks an own message going, then sent; Enter sends and Shift+Enter starts a new line', async () => {
    serve()
    render()
    await openBob()
    const going = deferred<ChatMessage>()
    fakeHub.send.mockReturnValueOnce(going.promise)

    const input = screen.getByTestId('chat-input')
    await userEvent.type(input, 'one{Shift>}{Enter}{/Shift}two')
    expect(fakeHub.send).not.toHaveBeenCalled()
    await userEvent.type(input, '{Enter}')
    expect(fakeHub.send).toHaveBeenCalledWith({ toUserId: BOB, content: 'one\ntwo', messageType: 0, isAnonymous: false })
    expect((input as HTMLTextAreaElement).value).toBe('')

    const last = () => screen.getAllByTestId('chat-message').at(-1) as HTMLElement
    expect(last().dataset.status).toBe('going')
    expect(within(last()).getByTestId('chat-status-going')).toBeTruthy()

    await act(async () => going.resolve(msg(13, ME, BOB, { content: 'one\ntwo' })))
    await waitFor(() => expect(last().dataset.status).toBe('succeeded'))
    expect(within(last()).getByTestId('chat-status-succeeded')).toBeTruthy()
    expect(screen.getAllByTestId('chat-message')).toHaveLength(11)
    // The contact shows it as the last message.
    expect(within(contactRow('Bob')).getByTestId('chat-contact-last').textContent).toBe('one\ntwo')
  })

  it('marks a message the hub did not store failed, and a click on the red icon sends it again', async () => {
    serve()
    render()
    await openBob()
    fakeHub.send.mockRejectedValueOnce(new Error('not connected'))
    await userEvent.click(screen.getByTestId('chat-anonymous'))
    await userEvent.type(screen.getByTestId('chat-input'), 'hello{Enter}')

    const last = () => screen.getAllByTestId('chat-message').at(-1) as HTMLElement
    await waitFor(() => expect(last().dataset.status).toBe('failed'))
    expect(within(last()).getByText('hello')).toBeTruthy()

    fakeHub.send.mockResolvedValueOnce(msg(13, ME, BOB, { content: 'hello', isAnonymous: true }))
    await userEvent.click(within(last()).getByTestId('chat-status-failed'))
    await waitFor(() => expect(last().dataset.status).toBe('succeeded'))
    expect(fakeHub.send).toHaveBeenCalledTimes(2)
    expect(fakeHub.send.mock.calls[1][0]).toEqual({ toUserId: BOB, content: 'hello', messageType: 0, isAnonymous: true })
    expect(screen.queryAllByTestId('chat-status-failed')).toHaveLength(0)
  })

  it('answers a failed history load with an empty, ended page after a second', async () => {
    serve({ 'GET /api/im/chat/my-messages': () => new Response('{}', { status: 500 }) })
    render()
    const started = Date.now()
    await userEvent.click(await screen.findByText('Bob'))
    await screen.findByTestId('chat-load-failed')
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    expect(screen.queryAllByTestId('chat-message')).toHaveLength(0)
    expect(screen.queryByTestId('load-earlier')).toBeNull()
    // The conversation was not read: the unread count stays.
    expect(contactRow('Bob').dataset.unread).toBe('2')
  })

  it('appends a pushed message to the open conversation and raises another contact’s unread count', async () => {
    serve()
    render()
    await openBob()
    await waitFor(() => expect(contactRow('Bob').dataset.unread).toBe('0'))

    act(() => fakeHub.emit('getChatMessage', msg(20, BOB, ME, { content: 'are you there?' })))
    await waitFor(() => expect(texts().at(-1)).toBe('are you there?'))
    expect(contactRow('Bob').dataset.unread).toBe('0')

    act(() => fakeHub.emit('getChatMessage', msg(21, CAROL, ME, { content: 'hi from Carol' })))
    await waitFor(() => expect(contactRow('Carol').dataset.unread).toBe('1'))
    expect(within(contactRow('Carol')).getByTestId('chat-contact-last').textContent).toBe('hi from Carol')
    // The same push again (another listener, a second delivery) counts once.
    act(() => fakeHub.emit('getChatMessage', msg(21, CAROL, ME, { content: 'hi from Carol' })))
    expect(contactRow('Carol').dataset.unread).toBe('1')
    expect(texts()).not.toContain('hi from Carol')
  })

  it('reloads the contacts on reconnect', async () => {
    let unread = 0
    serve({ 'GET /api/im/chat/my-contacts': () => ({ items: [contact(BOB, 'Bob', unread)] }) })
    render()
    await waitFor(() => expect(contactRow('Bob').dataset.unread).toBe('0'))
    unread = 4
    act(() => fakeHub.reconnect())
    await waitFor(() => expect(contactRow('Bob').dataset.unread).toBe('4'))
  })

  it('uploads an image, then sends it as an image message with the returned reference', async () => {
    const calls = serve({
      'POST /api/im/chat/files': () => ({ name: 'f00d.png', url: '/api/im/chat/files/f00d.png', size: 3, mimeType: 'image/png' }),
    })
    render()
    await openBob()
    fakeHub.send.mockResolvedValueOnce(msg(13, ME, BOB, { content: 'f00d.png', messageType: 10 }))
    // The image itself is read with the token when shown.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:f00d', revokeObjectURL: () => undefined }))
    const input = screen.getByTestId('chat-upload-image').querySelector('input[type="file"]') ?? document.querySelector('input[accept="image/*"]')
    await userEvent.upload(input as HTMLInputElement, new File(['png'], 'photo.png', { type: 'image/png' }))
    await waitFor(() => expect(fakeHub.send).toHaveBeenCalledWith({ toUserId: BOB, content: 'f00d.png', messageType: 10, isAnonymous: false }))
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/im/chat/files' && c.body instanceof FormData)).toBe(true)
  })
})
