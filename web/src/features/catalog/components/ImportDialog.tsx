import { useState } from 'react'
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd'
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons'
import type { UploadFile } from 'antd/es/upload'
import { useTranslation } from 'react-i18next'
import type { CatalogItem, CatalogModule, CatalogNode } from '../../../components/catalog-pickers'
import { downloadTemplate, importErrors, useItemMutations } from '../api'

export interface ImportDialogProps {
  module: CatalogModule
  /** The directory the rows go into. */
  target: CatalogNode | null
  open: boolean
  onClose: () => void
}

/** True for a spreadsheet the import accepts: a .xlsx file (spec 001 §5). */
export function isXlsx(name: string): boolean {
  return /\.xlsx$/i.test(name.trim())
}

/** Excel import: template download, exactly one .xlsx file, Cancel and Confirm; row errors listed. */
export function ImportDialog({ module, target, open, onClose }: ImportDialogProps) {
  const { t } = useTranslation('catalog')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const { importFile } = useItemMutations<CatalogItem>(module)
  const [files, setFiles] = useState<UploadFile[]>([])
  const [errors, setErrors] = useState<string[]>([])
  const [downloading, setDownloading] = useState(false)

  const reset = () => {
    setFiles([])
    setErrors([])
  }

  const confirm = async () => {
    if (importFile.isPending || !target?.id) return
    if (files.length !== 1 || !files[0].originFileObj) {
      message.error(files.length > 1 ? t('import.oneFile') : t('import.chooseFile'))
      return
    }
    setErrors([])
    try {
      const r = await importFile.mutateAsync({ catalogId: target.id, file: files[0].originFileObj })
      message.success(t('import.done', { count: r?.count ?? 0 }))
      reset()
      onClose()
    } catch (e) {
      setErrors(importErrors(e, tApp))
    }
  }

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={onClose}
      afterOpenChange={(o) => !o && reset()}
      destroyOnHidden
      width={640}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={importFile.isPending}
          disabled={importFile.isPending}
          onClick={() => void confirm()}
          data-testid="import-confirm"
        >
          {t('confirm')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={12} data-testid="import-dialog">
        <Space wrap>
          <Typography.Text>{t('import.target', { name: target?.title ?? '' })}</Typography.Text>
          <Button
            icon={<DownloadOutlined />}
            loading={downloading}
            onClick={() => {
              setDownloading(true)
              downloadTemplate(module, t(`${module}.templateName`))
                .catch((e: unknown) => console.error(e))
                .finally(() => setDownloading(false))
            }}
            data-testid="import-template"
          >
            {t('import.downloadTemplate')}
          </Button>
        </Space>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          maxCount={1}
          fileList={files}
          beforeUpload={(file) => {
            if (!isXlsx(file.name)) {
              message.error(t('import.onlyXlsx'))
              return Upload.LIST_IGNORE
            }
            return false // kept until Confirm
          }}
          onChange={({ fileList }) => {
            setFiles(fileList.slice(-1))
            setErrors([])
          }}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('import.drop')}</p>
          <p className="ant-upload-hint">{t('import.hint')}</p>
        </Upload.Dragger>
        {errors.length ? (
          <Alert
            type="error"
            showIcon
            title={t('import.failed')}
            data-testid="import-errors"
            description={
              <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 240, overflow: 'auto' }}>
                {errors.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Space>
    </Modal>
  )
}
