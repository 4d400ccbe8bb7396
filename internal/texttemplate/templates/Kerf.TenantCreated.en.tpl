<h3>The tenant "{{.TenantName}}" is ready</h3>
<p>Your Kerf tenant can be used now. Its administrator:</p>
<ul>
<li>Tenant: {{.TenantName}}</li>
<li>User name: {{.AdminUserName}}</li>
<li>E-mail: {{.AdminEmailAddress}}</li>
</ul>
<p><a href="{{.LoginURL}}">Log in to Kerf</a></p>
