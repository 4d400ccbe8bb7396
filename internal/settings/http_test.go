package settings_test

import (
	"net/http"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/permission"
	"kerf/internal/settings"
)

type row = map[string]any

const (
	emailing  = "/api/setting-management/emailing"
	idSet     = "/api/identity/settings"
	account   = "/api/account-admin/settings"
	twoFactor = "/api/account-admin/settings/two-factor"
	recaptcha = "/api/account-admin/settings/recaptcha"
	external  = "/api/account-admin/settings/external-provider"
	orders    = "/api/salesorder/salesordersetting"
	weChat    = "/api/setting-management/wechat"
	optim     = "/api/app/optimization-setting"
	basic     = "/api/app/basic-setup-setting"
)

// The writes of every group, with a valid body.
var writes = []struct {
	method, path string
	body         any
}{
	{"POST", emailing, row{"defaultFromAddress": "office@maker.example", "defaultFromDisplayName": "Maker", "smtpHost": "smtp.maker.example",
		"smtpPort": 587, "smtpUserName": "office", "smtpPassword": "", "smtpDomain": "", "smtpEnableSsl": true, "smtpUseDefaultCredentials": false}},
	{"PUT", idSet, row{"password": row{"requiredLength": 8, "requiredUniqueChars": 1, "requireNonAlphanumeric": true, "requireLowercase": true,
		"requireUppercase": true, "requireDigit": true}, "lockout": row{"allowedForNewUsers": true, "lockoutDuration": 300, "maxFailedAccessAttempts": 5},
		"signIn": row{"requireConfirmedEmail": false, "enablePhoneNumberConfirmation": true, "requireConfirmedPhoneNumber": false},
		"user":   row{"isUserNameUpdateEnabled": true, "isEmailUpdateEnabled": true, "requireUniqueEmail": false}}},
	{"PUT", account, row{"isSelfRegistrationEnabled": false, "enableLocalLogin": true}},
	{"PUT", twoFactor, row{"twoFactorBehaviour": 2, "isRememberBrowserEnabled": false, "usersCanChange": false}},
	{"PUT", recaptcha, row{"useCaptchaOnLogin": true, "useCaptchaOnRegistration": false, "verifyBaseUrl": "https://www.recaptcha.net/",
		"siteKey": "site-key", "siteSecret": "", "version": 3, "score": 0.7}},
	{"PUT", external, []row{{"name": "GitHub", "enabled": true, "properties": []row{{"name": "ClientId", "value": "gh-client"}},
		"secretProperties": []row{{"name": "ClientSecret", "value": ""}}}}},
	{"POST", weChat, row{"appId": "wx0123456789", "appSecret": "", "token": "kerf-token", "encodingAesKey": ""}},
	{"PUT", orders, row{"disableQuotationStatusCheck": true, "webLogo": ""}},
	{"PUT", optim, row{"defaultOptimizeParameterSettingId": "", "defaultMachineParameterSettingId": "", "useStockOffcuts": false, "labelLayout": "roll"}},
	{"PUT", basic, row{"httpTimeoutPeriod": 60, "downloadUrl": "https://maker.example/app"}},
}

func do(t *testing.T, e *apptest.Env, method, path, token string, body any, lang string) *apptest.Response {
	t.Helper()
	h := http.Header{}
	if lang != "" {
		h.Set("Accept-Language", lang)
	}
	return e.Do(t, apptest.Request{Method: method, Path: path, Token: token, JSON: body, Header: h})
}

func TestEveryGroupNeedsItsPermissionAndHostOnlyGroupsRefuseTenants(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		host := e.Token(t, "admin", apptest.Password, "")
		demo := e.Token(t, "admin", apptest.Password, "demo")
		nobody := e.CreateUser(t, "", "nobody")
		// A user holding AbpSettingManagement.Settings only still needs each group's own permission.
		ctx := e.In(t, "")
		if err := e.App.Permissions.Set(ctx, e.App.DB, "U", e.UserID(t, "nobody", "").String(),
			[]permission.Change{{Name: settings.PermSettings, IsGranted: true}}); err != nil {
			t.Fatal(err)
		}
		hostOnly := map[string]bool{recaptcha: true, external: true, basic: true, weChat: true}
		for _, w := range writes {
			for _, c := range []struct {
				who, token string
				get, put   int
			}{
				{"anonymous", "", 401, 401},
				{"settings permission only", nobody, 403, 403},
				{"host admin", host, 200, 204},
			} {
				want := c.get
				if w.path == basic && c.token != "" {
					want = 200 // any logged-in user reads the basic setup
				}
				if res := do(t, e, "GET", w.path, c.token, nil, ""); res.Status != want {
					t.Errorf("GET %s as %s: %d, want %d (%s)", w.path, c.who, res.Status, want, res.Body)
				}
				if res := do(t, e, w.method, w.path, c.token, w.body, ""); res.Status != c.put {
					t.Errorf("%s %s as %s: %d, want %d (%s)", w.method, w.path, c.who, res.Status, c.put, res.Body)
				}
			}
			want := 204
			if hostOnly[w.path] {
				want = 403
			}
			if res := do(t, e, w.method, w.path, demo, w.body, ""); res.Status != want {
				t.Errorf("%s %s as the demo tenant's admin: %d, want %d (%s)", w.method, w.path, res.Status, want, res.Body)
			}
		}
		// With the group's permission too, the group opens.
		if err := e.App.Permissions.Set(ctx, e.App.DB, "U", e.UserID(t, "nobody", "").String(),
			[]permission.Change{{Name: settings.PermAccountSettings, IsGranted: true}}); err != nil {
			t.Fatal(err)
		}
		if res := do(t, e, "GET", account, nobody, nil, ""); res.Status != 200 {
			t.Errorf("with the group's permission: %d %s", res.Status, res.Body)
		}
	})
}

func TestValuesResolveTenantThenHostThenDefault(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		host := e.Token(t, "admin", apptest.Password, "")
		demo := e.Token(t, "admin", apptest.Password, "demo")
		get := func(token string) settings.EmailingSettings {
			t.Helper()
			var s settings.EmailingSettings
			do(t, e, "GET", emailing, token, nil, "").JSON(t, &s)
			return s
		}
		body := func(host string, port int) row {
			return row{"defaultFromAddress": "office@maker.example", "defaultFromDisplayName": "Maker", "smtpHost": host,
				"smtpPort": port, "smtpUserName": "", "smtpPassword": "", "smtpDomain": "", "smtpEnableSsl": false, "smtpUseDefaultCredentials": true}
		}
		steps := []struct {
			token      string
			write      row
			host, demo string // the SMTP host each then reads
		}{
			{"", nil, "", ""}, // the defaults
			{host, body("smtp.host.example", 25), "smtp.host.example", "smtp.host.example"},
			{demo, body("smtp.demo.example", 2525), "smtp.host.example", "smtp.demo.example"},
			{host, body("smtp.other.example", 25), "smtp.other.example", "smtp.demo.example"},
			// The tenant writing the installation's values again follows the installation from then on.
			{demo, body("smtp.other.example", 25), "smtp.other.example", "smtp.other.example"},
			{host, body("smtp.last.example", 25), "smtp.last.example", "smtp.last.example"},
		}
		for i, s := range steps {
			if s.write != nil {
				if res := do(t, e, "POST", emailing, s.token, s.write, ""); res.Status != 204 {
					t.Fatalf("step %d: %d %s", i, res.Status, res.Body)
				}
			}
			if h, d := get(host).SMTPHost, get(demo).SMTPHost; h != s.host || d != s.demo {
				t.Fatalf("step %d: host reads %q, demo %q; want %q, %q", i, h, d, s.host, s.demo)
			}
		}
		if p := get(demo).SMTPPort; p != 25 {
			t.Fatalf("demo port: %d", p)
		}
	})
}

func TestARefusedWriteChangesNothingAndSaysWhyInTheCallersLanguage(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		host := e.Token(t, "admin", apptest.Password, "")
		cases := []struct {
			method, path string
			body         any
			member, en   string
			zh           string
		}{
			{"POST", emailing, row{"defaultFromAddress": "not an address", "defaultFromDisplayName": "X", "smtpHost": "smtp.x", "smtpPort": 0},
				"smtpPort", "SMTP port must be at least 1", "SMTP 端口不能小于1"},
			{"POST", emailing, row{"defaultFromAddress": "not an address", "defaultFromDisplayName": "X", "smtpHost": "smtp.x", "smtpPort": 70000},
				"defaultFromAddress", "Default from address must be an e-mail address", "默认发件人地址必须是电子邮件地址"},
			{"POST", emailing, row{"defaultFromAddress": "a@b.example", "defaultFromDisplayName": "", "smtpHost": "smtp.x", "smtpPort": 25},
				"defaultFromDisplayName", "Default from display name is required", "默认发件人名称不能为空"},
			{"PUT", idSet, row{"password": row{"requiredLength": 0, "requiredUniqueChars": 1}, "lockout": row{"lockoutDuration": 1, "maxFailedAccessAttempts": 5}},
				"password.requiredLength", "Required password length must be at least 1", "密码最小长度不能小于1"},
			{"PUT", recaptcha, row{"verifyBaseUrl": "https://www.google.com/", "version": 3, "score": 1.5},
				"score", "Minimum score must be at most 1", "最低分数不能大于1"},
			{"PUT", recaptcha, row{"verifyBaseUrl": "ftp://nope", "version": 3, "score": 0.5},
				"verifyBaseUrl", "Verify base URL must be a URI", "验证服务地址必须是网址"},
			{"PUT", basic, row{"httpTimeoutPeriod": 29, "downloadUrl": "https://maker.example/app"},
				"httpTimeoutPeriod", "Request timeout (seconds) must be at least 30", "请求超时（秒）不能小于30"},
			{"PUT", basic, row{"httpTimeoutPeriod": 30, "downloadUrl": "maker.example/app"},
				"downloadUrl", "App download URL must be a URI", "App 下载地址必须是网址"},
			{"PUT", optim, row{"defaultOptimizeParameterSettingId": "nope", "labelLayout": "sheet"},
				"defaultOptimizeParameterSettingId", "Default optimisation parameters must be a UUID", "默认优化参数必须是"},
			{"PUT", optim, row{"labelLayout": "a5"}, "labelLayout", "Label layout must be one of: sheet, roll", "标签版式必须是以下值之一：sheet, roll"},
			{"PUT", twoFactor, row{"twoFactorBehaviour": 3}, "twoFactorBehaviour", "Two-factor behaviour must be at most 2", "双因素认证不能大于2"},
			{"POST", weChat, row{"appId": strings.Repeat("x", 65)}, "appId", "Official account app id must be at most 64 characters", "公众号 AppId的长度不能超过64"},
			{"PUT", external, []row{{"name": "Nope", "enabled": true}}, "[0].name", "External provider must be one of: GitHub, WeChat", "外部登录提供者必须是以下值之一"},
		}
		for _, c := range cases {
			before := do(t, e, "GET", c.path, host, nil, "").Body
			for _, lang := range []string{"en", "zh-Hans"} {
				res := do(t, e, c.method, c.path, host, c.body, lang)
				var body struct {
					Error struct {
						ValidationErrors []struct {
							Message string   `json:"message"`
							Members []string `json:"members"`
						} `json:"validationErrors"`
					} `json:"error"`
				}
				res.JSON(t, &body)
				want := c.en
				if lang != "en" {
					want = c.zh
				}
				found := false
				for _, v := range body.Error.ValidationErrors {
					found = found || len(v.Members) == 1 && v.Members[0] == c.member && strings.HasPrefix(v.Message, want)
				}
				if res.Status != 400 || !found {
					t.Errorf("%s %s (%s): %d %s; want %q on %s", c.method, c.path, lang, res.Status, res.Body, want, c.member)
				}
			}
			if after := do(t, e, "GET", c.path, host, nil, "").Body; string(after) != string(before) {
				t.Errorf("%s %s: a refused write changed the group:\n%s\n%s", c.method, c.path, before, after)
			}
		}
	})
}

func TestSecretsAreNeverAnsweredAndAnEmptyOneKeepsTheStoredValue(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		host := e.Token(t, "admin", apptest.Password, "")
		mail := row{"defaultFromAddress": "office@maker.example", "defaultFromDisplayName": "Maker", "smtpHost": "smtp.maker.example",
			"smtpPort": 587, "smtpUserName": "office", "smtpPassword": "hunter2-secret", "smtpEnableSsl": true}
		captcha := row{"verifyBaseUrl": "https://www.google.com/", "siteKey": "k", "siteSecret": "captcha-secret", "version": 3, "score": 0.5}
		wx := row{"appId": "wx-app", "appSecret": "official-secret", "token": "t", "encodingAesKey": ""}
		ext := []row{{"name": "WeChat", "enabled": true, "properties": []row{{"name": "ClientId", "value": "wx-id"}},
			"secretProperties": []row{{"name": "ClientSecret", "value": "wx-secret"}}}}
		for _, w := range []struct {
			method, path string
			body         any
		}{{"POST", emailing, mail}, {"PUT", recaptcha, captcha}, {"PUT", external, ext}, {"POST", weChat, wx}} {
			if res := do(t, e, w.method, w.path, host, w.body, ""); res.Status != 204 {
				t.Fatalf("%s: %d %s", w.path, res.Status, res.Body)
			}
		}
		check := func(stage string) {
			t.Helper()
			var m settings.EmailingSettings
			res := do(t, e, "GET", emailing, host, nil, "")
			res.JSON(t, &m)
			if m.SMTPPassword != "" || !m.SMTPPasswordIsSet || strings.Contains(string(res.Body), "hunter2") {
				t.Fatalf("%s: e-mailing answers %s", stage, res.Body)
			}
			var r settings.RecaptchaSettings
			res = do(t, e, "GET", recaptcha, host, nil, "")
			res.JSON(t, &r)
			if r.SiteSecret != "" || !r.SiteSecretIsSet || strings.Contains(string(res.Body), "captcha-secret") {
				t.Fatalf("%s: reCAPTCHA answers %s", stage, res.Body)
			}
			var x settings.ExternalProviderSettings
			res = do(t, e, "GET", external, host, nil, "")
			res.JSON(t, &x)
			if strings.Contains(string(res.Body), "wx-secret") {
				t.Fatalf("%s: external providers answer %s", stage, res.Body)
			}
			var wx *settings.ExternalProvider
			for i := range x.Settings {
				if x.Settings[i].Name == "WeChat" {
					wx = &x.Settings[i]
				}
			}
			if wx == nil || !wx.Enabled || len(wx.Properties) != 1 || wx.Properties[0].Value != "wx-id" ||
				len(wx.SecretProperties) != 1 || !wx.SecretProperties[0].IsSet || wx.SecretProperties[0].Value != "" {
				t.Fatalf("%s: WeChat provider %+v", stage, x)
			}
			var w settings.WeChatSettings
			res = do(t, e, "GET", weChat, host, nil, "")
			res.JSON(t, &w)
			if w.AppSecret != "" || !w.AppSecretIsSet || w.AppID != "wx-app" || strings.Contains(string(res.Body), "official-secret") {
				t.Fatalf("%s: WeChat answers %s", stage, res.Body)
			}
			// The code that uses them reads them in clear.
			ctx := e.In(t, "")
			for name, want := range map[string]string{"Abp.Mailing.Smtp.Password": "hunter2-secret", "Abp.Account.Captcha.SiteSecret": "captcha-secret",
				"Abp.Account.ExternalProviders.WeChat.ClientSecret": "wx-secret", "WeChat.Official.AppSecret": "official-secret"} {
				if v, err := e.App.Settings.Get(ctx, name); err != nil || v != want {
					t.Fatalf("%s: %s = %q %v", stage, name, v, err)
				}
			}
		}
		check("after setting")
		// Saving again with the secrets left empty keeps them.
		mail["smtpPassword"], captcha["siteSecret"], wx["appSecret"] = "", "", ""
		ext[0]["secretProperties"] = []row{{"name": "ClientSecret", "value": ""}}
		for _, w := range []struct {
			method, path string
			body         any
		}{{"POST", emailing, mail}, {"PUT", recaptcha, captcha}, {"PUT", external, ext}, {"POST", weChat, wx}} {
			if res := do(t, e, w.method, w.path, host, w.body, ""); res.Status != 204 {
				t.Fatalf("%s: %d %s", w.path, res.Status, res.Body)
			}
		}
		check("after saving with empty secrets")
	})
}

// The identity rules are used at once: a longer required length refuses the next password
// change with the new rule's message; the application configuration answers the basic setup.
func TestIdentityReadsTheNewRulesAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		demo := e.Token(t, "admin", apptest.Password, "demo")
		user := e.CreateUser(t, "demo", "rules")
		change := func(pw string) *apptest.Response {
			return do(t, e, "POST", "/api/identity/my-profile/change-password", user, row{"currentPassword": apptest.Password, "newPassword": pw}, "en")
		}
		var id settings.IdentitySettings
		do(t, e, "GET", idSet, demo, nil, "").JSON(t, &id)
		if id.Password.RequiredLength != 6 || !id.Password.RequireDigit || id.Lockout.MaxFailedAccessAttempts != 5 {
			t.Fatalf("defaults: %+v", id)
		}
		id.Password.RequiredLength = 12
		if res := do(t, e, "PUT", idSet, demo, id, ""); res.Status != 204 {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		res := change("Short-1a")
		if res.Status != 400 || !strings.Contains(string(res.Body), "at least 12 characters") {
			t.Fatalf("a password shorter than the new rule: %d %s", res.Status, res.Body)
		}
		if res := change("Long-enough-1"); res.Status != 204 {
			t.Fatalf("a password passing the new rule: %d %s", res.Status, res.Body)
		}
		// The host's rules are not the tenant's.
		host := e.Token(t, "admin", apptest.Password, "")
		do(t, e, "GET", idSet, host, nil, "").JSON(t, &id)
		if id.Password.RequiredLength != 6 {
			t.Fatalf("the host reads the tenant's rule: %+v", id.Password)
		}

		// The basic setup reaches the client's configuration.
		if res := do(t, e, "PUT", basic, host, row{"httpTimeoutPeriod": 45, "downloadUrl": "https://maker.example/app.apk"}, ""); res.Status != 204 {
			t.Fatalf("basic setup: %d %s", res.Status, res.Body)
		}
		var b settings.BasicSetupSettings
		do(t, e, "GET", basic, user, nil, "").JSON(t, &b)
		if b.DownloadURL != "https://maker.example/app.apk" || b.HTTPTimeoutPeriod != 45 {
			t.Fatalf("basic setup as a tenant's user: %+v", b)
		}
		var conf struct {
			Setting struct {
				Values map[string]string `json:"values"`
			} `json:"setting"`
		}
		do(t, e, "GET", "/api/abp/application-configuration", user, nil, "").JSON(t, &conf)
		if v := conf.Setting.Values; v["App.DownloadUrl"] != "https://maker.example/app.apk" || v["BasicSetup.HttpTimeoutPeriod"] != "45" || v["App.Version"] == "" {
			t.Fatalf("application configuration: %v", v)
		}
	})
}
