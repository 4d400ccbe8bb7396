<h3>优化排版完成</h3>
<p>{{.UserName}}，您好：</p>
<p>优化任务「{{.RunName}}」已完成：共 {{.SheetCount}} 张板材，利用率 {{.Utilisation}}。</p>
<p><a href="{{.Link}}">查看排版结果</a></p>
