<h3>租户「{{.TenantName}}」已创建</h3>
<p>您的 Kerf 租户已经可以使用。管理员账号：</p>
<ul>
<li>租户：{{.TenantName}}</li>
<li>用户名：{{.AdminUserName}}</li>
<li>邮箱：{{.AdminEmailAddress}}</li>
</ul>
<p><a href="{{.LoginURL}}">登录 Kerf</a></p>
