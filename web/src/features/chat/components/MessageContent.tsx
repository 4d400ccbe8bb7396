import { App, Button, Image, Spin, Typography } from 'antd'
import { FileOutlined, PictureOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { saveBlob } from '../../../api/http'
import { MessageType, chatKeys, downloadChatFile } from '../api'

/** The extension of a file reference (`<uuid>.pdf` → `PDF`), or ''. */
export function fileExtension(ref: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(ref)
  return m ? m[1].toUpperCase() : ''
}

/** An image message, read with the caller's token and shown inline. */
function ChatImage({ name }: { name: string }) {
  const { t } = useTranslation('chat')
  const img = useQuery({
    queryKey: chatKeys.file(name),
    queryFn: async () => URL.createObjectURL((await downloadChatFile(name)).blob),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  })
  const url = img.data
  useEffect(() => () => void (url && setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000)), [url])
  if (img.isPending) return <Spin size="small" />
  if (img.isError)
    return (
      <Typography.Text type="secondary" data-testid="chat-image-failed">
        <PictureOutlined /> {t('imageFailed')}
      </Typography.Text>
    )
  return <Image src={url} alt={t('image')} style={{ maxWidth: 240, maxHeight: 240 }} data-testid="chat-image" />
}

/** A file message: a link that downloads it with the caller's token. */
function ChatFile({ name }: { name: string }) {
  const { t } = useTranslation('chat')
  const { message } = App.useApp()
  const download = () =>
    downloadChatFile(name).then(
      (r) => saveBlob(r, name),
      () => void message.error(t('downloadFailed')),
    )
  return (
    <Button type="link" icon={<FileOutlined />} onClick={() => void download()} style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} title={t('download')} data-testid="chat-file">
      {`${t('fileMessage')} ${fileExtension(name)}`.trim()}
    </Button>
  )
}

/** What a message shows: its text, an inline image, or a download link. */
export function MessageContent({ type, content }: { type: number; content: string }) {
  if (type === MessageType.Image) return <ChatImage name={content} />
  if (type === MessageType.File || type === MessageType.Video || type === MessageType.Voice) return <ChatFile name={content} />
  if (type === MessageType.Link)
    return /^https?:\/\//i.test(content) ? (
      <a href={content} target="_blank" rel="noreferrer noopener">
        {content}
      </a>
    ) : (
      <span className="kerf-chat-text">{content}</span>
    )
  return (
    <span className="kerf-chat-text" data-testid="chat-text">
      {content}
    </span>
  )
}
