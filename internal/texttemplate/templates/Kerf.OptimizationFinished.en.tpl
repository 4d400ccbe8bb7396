<h3>Optimisation finished</h3>
<p>Hello {{.UserName}},</p>
<p>The optimisation run "{{.RunName}}" has finished: {{.SheetCount}} sheets, {{.Utilisation}} utilisation.</p>
<p><a href="{{.Link}}">See the layout</a></p>
