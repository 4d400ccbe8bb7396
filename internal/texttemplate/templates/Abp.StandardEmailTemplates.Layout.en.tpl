<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:-apple-system,'Segoe UI',Roboto,sans-serif;color:#262626">
<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:6px;padding:24px">
{{.Body}}
</div>
<p style="max-width:600px;margin:12px auto 0;font-size:12px;color:#8c8c8c">This e-mail was sent by Kerf; please do not reply to it.</p>
</body>
</html>
