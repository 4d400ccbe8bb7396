<p>{{.Message}}</p>
