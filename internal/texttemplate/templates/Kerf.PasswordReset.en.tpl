<h3>Reset your password</h3>
<p>Hello {{.UserName}},</p>
<p>We received a request to reset the password of your Kerf account. Follow the link below to choose a new one (valid for {{.ValidHours}} hours):</p>
<p><a href="{{.ResetLink}}">Reset password</a></p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
