package language

// cultures is the fixed list of common cultures a language may be created for (culture-list).
var cultures = []Culture{
	{"ar", "العربية (Arabic)"},
	{"cs", "Čeština (Czech)"},
	{"de", "Deutsch (German)"},
	{"de-DE", "Deutsch (Deutschland)"},
	{"en", "English"},
	{"en-GB", "English (United Kingdom)"},
	{"en-US", "English (United States)"},
	{"es", "Español (Spanish)"},
	{"fi", "Suomi (Finnish)"},
	{"fr", "Français (French)"},
	{"hi", "हिन्दी (Hindi)"},
	{"hu", "Magyar (Hungarian)"},
	{"id", "Bahasa Indonesia (Indonesian)"},
	{"it", "Italiano (Italian)"},
	{"ja", "日本語 (Japanese)"},
	{"ko", "한국어 (Korean)"},
	{"ms", "Bahasa Melayu (Malay)"},
	{"nl", "Nederlands (Dutch)"},
	{"pl", "Polski (Polish)"},
	{"pt", "Português (Portuguese)"},
	{"pt-BR", "Português (Brasil)"},
	{"ru", "Русский (Russian)"},
	{"sk", "Slovenčina (Slovak)"},
	{"sv", "Svenska (Swedish)"},
	{"th", "ไทย (Thai)"},
	{"tr", "Türkçe (Turkish)"},
	{"uk", "Українська (Ukrainian)"},
	{"vi", "Tiếng Việt (Vietnamese)"},
	{"zh-Hans", "简体中文 (Chinese, Simplified)"},
	{"zh-Hant", "繁體中文 (Chinese, Traditional)"},
}

// knownCulture reports whether name is in the culture list.
func knownCulture(name string) bool {
	for _, c := range cultures {
		if c.Name == name {
			return true
		}
	}
	return false
}
