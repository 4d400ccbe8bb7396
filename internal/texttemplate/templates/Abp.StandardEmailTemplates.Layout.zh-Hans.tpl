<!DOCTYPE html>
<html lang="zh-Hans">
<head><meta charset="utf-8"></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#262626">
<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:6px;padding:24px">
{{.Body}}
</div>
<p style="max-width:600px;margin:12px auto 0;font-size:12px;color:#8c8c8c">此邮件由 Kerf 自动发送，请勿直接回复。</p>
</body>
</html>
