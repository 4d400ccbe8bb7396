import { useState } from 'react'
import { App, Button, Flex, Tooltip, Upload } from 'antd'
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { usePermission } from '../../../components'
import { ItemImage } from '../../../components/catalog-pickers'
import { CatalogPermissions } from '../permissions'
import { MAX_UPLOAD_BYTES, uploadImage } from '../api'

export interface ImageFieldProps {
  value?: string | null
  onChange?: (url: string) => void
  size?: 'small' | 'middle'
  testId?: string
}

/** True for a file the image upload accepts before sending it: an image, at most 50 MB. */
export function checkImageFile(file: Pick<File, 'type' | 'size' | 'name'>): 'ok' | 'type' | 'size' {
  const byType = file.type ? file.type.startsWith('image/') : /\.(png|jpe?g|gif|webp|bmp)$/i.test(file.name)
  if (!byType) return 'type'
  if (file.size > MAX_UPLOAD_BYTES) return 'size'
  return 'ok'
}

/**
 * One image: its thumbnail, an upload button (POST /api/datav/files/images/upload; the URL is
 * the answer's fileUrl) enabled by FileManagement.FileDescriptor, and a remove button.
 */
export function ImageField({ value, onChange, size = 'middle', testId = 'image-field' }: ImageFieldProps) {
  const { t } = useTranslation('catalog')
  const { message } = App.useApp()
  const { has } = usePermission()
  const canUpload = has(CatalogPermissions.FileUpload)
  const [busy, setBusy] = useState(false)

  const upload = (
    <Upload
      accept="image/*"
      showUploadList={false}
      maxCount={1}
      disabled={!canUpload || busy}
      beforeUpload={(file) => {
        const ok = checkImageFile(file)
        if (ok === 'type') message.error(t('image.imagesOnly'))
        if (ok === 'size') message.error(t('image.tooLarge'))
        return ok === 'ok' ? true : Upload.LIST_IGNORE
      }}
      customRequest={({ file, onSuccess, onError }) => {
        setBusy(true)
        uploadImage(file as File)
          .then((url) => {
            onChange?.(url)
            onSuccess?.(url)
          })
          .catch((e: Error) => onError?.(e))
          .finally(() => setBusy(false))
      }}
    >
      <Button size={size} icon={<UploadOutlined />} loading={busy} disabled={!canUpload} data-testid={`${testId}-upload`}>
        {size === 'small' ? null : t('image.upload')}
      </Button>
    </Upload>
  )

  return (
    <Flex gap={8} align="center" data-testid={testId}>
      <ItemImage src={value} />
      {canUpload ? upload : <Tooltip title={t('image.noPermission')}>{upload}</Tooltip>}
      {value ? (
        <Tooltip title={t('image.remove')}>
          <Button size={size} icon={<DeleteOutlined />} onClick={() => onChange?.('')} aria-label={t('image.remove')} />
        </Tooltip>
      ) : null}
    </Flex>
  )
}
