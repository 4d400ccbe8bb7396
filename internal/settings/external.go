package settings

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
)

// External providers are the settings named Abp.Account.ExternalProviders.<provider>.<property>
// (declared by the account area): Enabled is the switch, secret ones are secretProperties.
const externalPrefix = "Abp.Account.ExternalProviders."

// externalSettings lists, per provider in name order, its property settings (Enabled first).
func (s *Service) externalSettings() (providers []string, props map[string][]string) {
	props = map[string][]string{}
	for _, d := range s.settings.Definitions() {
		rest, ok := strings.CutPrefix(d.Name, externalPrefix)
		if !ok {
			continue
		}
		p, prop, ok := strings.Cut(rest, ".")
		if !ok {
			continue
		}
		if _, seen := props[p]; !seen {
			providers = append(providers, p)
		}
		props[p] = append(props[p], prop)
	}
	sort.Strings(providers)
	return providers, props
}

// ExternalProviders answers every provider with its properties; secrets are answered "" with
// isSet.
func (s *Service) ExternalProviders(ctx context.Context) (*ExternalProviderSettings, error) {
	providers, props := s.externalSettings()
	out := &ExternalProviderSettings{Settings: []ExternalProvider{}}
	for _, p := range providers {
		e := ExternalProvider{Name: p, Properties: []ProviderProperty{}, SecretProperties: []ProviderProperty{}}
		for _, prop := range props[p] {
			name := externalPrefix + p + "." + prop
			if s.secret(name) {
				set, err := s.settings.IsSet(ctx, name)
				if err != nil {
					return nil, fmt.Errorf("read setting %s: %w", name, err)
				}
				e.SecretProperties = append(e.SecretProperties, ProviderProperty{Name: prop, IsSet: set})
				continue
			}
			v, err := s.settings.Get(ctx, name)
			if err != nil {
				return nil, fmt.Errorf("read setting %s: %w", name, err)
			}
			if prop == "Enabled" {
				e.Enabled = strings.EqualFold(v, "true")
				continue
			}
			e.Properties = append(e.Properties, ProviderProperty{Name: prop, Value: v})
		}
		out.Settings = append(out.Settings, e)
	}
	return out, nil
}

// UpdateExternalProviders stores the providers given (ABP's body: a list); a provider or a
// property that does not exist is refused, and nothing is stored on any error.
func (s *Service) UpdateExternalProviders(ctx context.Context, in []ExternalProvider) error {
	providers, props := s.externalSettings()
	ve := &apperr.ValidationError{}
	var vals []nameValue
	for i, e := range in {
		member := "[" + strconv.Itoa(i) + "]"
		known, ok := props[e.Name]
		if !ok {
			ve.Add(member+".name", localization.KeyOneOf, KeyFieldProvider, strings.Join(providers, ", "))
			continue
		}
		vals = append(vals, nameValue{externalPrefix + e.Name + ".Enabled", strconv.FormatBool(e.Enabled)})
		for _, list := range []struct {
			items  []ProviderProperty
			member string
			secret bool
		}{{e.Properties, member + ".properties", false}, {e.SecretProperties, member + ".secretProperties", true}} {
			for j, p := range list.items {
				m := list.member + "[" + strconv.Itoa(j) + "]"
				name := externalPrefix + e.Name + "." + p.Name
				if p.Name == "Enabled" || !contains(known, p.Name) || s.secret(name) != list.secret {
					ve.Add(m+".name", localization.KeyInvalidValue, KeyFieldProperty)
					continue
				}
				value := p.Value
				if list.secret && value == "" {
					continue // empty keeps the stored secret
				}
				if !list.secret {
					value = strings.TrimSpace(value)
				}
				if !checkString(ve, m+".value", `maxLength:"512"`, s.label(ctx, name), value) {
					continue
				}
				vals = append(vals, nameValue{name, value})
			}
		}
	}
	if err := ve.OrNil(); err != nil {
		return err
	}
	return s.store(ctx, vals)
}
