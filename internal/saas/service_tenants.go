package saas

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/email"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
	"kerf/internal/texttemplate"
)

// tenantNameChars are the characters a tenant name may hold: it travels in the __tenant
// header and the login form.
const tenantNameChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_."

func (s *Service) tenantDtos(ctx context.Context, rows []identity.Tenant) ([]TenantDto, error) {
	var ids []uuid.UUID
	for _, t := range rows {
		if t.EditionID != nil {
			ids = append(ids, *t.EditionID)
		}
	}
	names, err := s.store.editionNames(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]TenantDto, len(rows))
	for i, t := range rows {
		out[i] = TenantDto{ID: t.ID, Name: t.Name, EditionID: t.EditionID, IsActive: t.IsActive,
			ActivationMessage: t.ActivationMessage, CreationTime: t.CreationTime.UTC(), ConcurrencyStamp: t.ConcurrencyStamp}
		if t.EditionID != nil {
			if n, ok := names[*t.EditionID]; ok {
				out[i].EditionName = &n
			}
		}
	}
	return out, nil
}

func (s *Service) tenantDto(ctx context.Context, t *identity.Tenant) (*TenantDto, error) {
	out, err := s.tenantDtos(ctx, []identity.Tenant{*t})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// ListTenants answers a page of tenants (name containing the filter) with their editions.
func (s *Service) ListTenants(ctx context.Context, q Query) ([]TenantDto, int, error) {
	if err := hostOnly(ctx); err != nil {
		return nil, 0, err
	}
	p, err := page(q, tenantSorting, "name")
	if err != nil {
		return nil, 0, err
	}
	rows, total, err := s.store.listTenants(ctx, p, q.Filter)
	if err != nil {
		return nil, 0, err
	}
	out, err := s.tenantDtos(ctx, rows)
	return out, total, err
}

// GetTenant answers one tenant.
func (s *Service) GetTenant(ctx context.Context, id uuid.UUID) (*TenantDto, error) {
	if err := hostOnly(ctx); err != nil {
		return nil, err
	}
	t, err := s.store.tenant(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.tenantDto(ctx, t)
}

// tenantFields are what create and update share, trimmed.
type tenantFields struct {
	name, message string
	edition       *uuid.UUID
}

// check adds the rules f breaks to ve: the name's shape and uniqueness, the edition's
// existence, the message's length.
func (s *Service) check(ctx context.Context, ve *apperr.ValidationError, f *tenantFields, self uuid.UUID) error {
	f.name, f.message = strings.TrimSpace(f.name), strings.TrimSpace(f.message)
	_, uuidErr := uuid.Parse(f.name)
	switch {
	case f.name == "":
		ve.Add("name", localization.KeyRequired, KeyFieldTenantName)
	case utf8.RuneCountInString(f.name) > MaxTenantName:
		ve.Add("name", localization.KeyTooLong, KeyFieldTenantName, MaxTenantName)
	case strings.ContainsFunc(f.name, func(r rune) bool { return !strings.ContainsRune(tenantNameChars, r) }),
		uuidErr == nil: // the __tenant header takes a tenant's id too
		ve.Add("name", KeyInvalidTenantName)
	default:
		taken, err := s.store.tenantNamed(ctx, normalize(f.name), self)
		if err != nil {
			return err
		}
		if taken {
			ve.Add("name", KeyDuplicateTenant, f.name)
		}
	}
	tooLong(ve, "activationMessage", KeyFieldActivationMsg, f.message, MaxActivationMessage)
	if f.edition != nil {
		if _, err := s.store.edition(ctx, *f.edition); errors.Is(err, apperr.ErrNotFound) {
			ve.Add("editionId", KeyNoSuchEdition)
		} else if err != nil {
			return err
		}
	}
	return nil
}

// duplicateTenant turns the unique index's refusal (two requests at once) into the check's
// message.
func duplicateTenant(err error, name string) error {
	if errors.Is(err, apperr.ErrDuplicate) {
		return apperr.Invalid("name", KeyDuplicateTenant, name)
	}
	return err
}

// CreateTenant creates a tenant with everything a tenant needs to work (every module's
// TenantSeeder: the admin role holding every tenant permission, static dictionaries, default
// types…) and its administrator "admin", in one transaction; then sends the administrator the
// "tenant created" e-mail. loginURL is where the e-mail sends them.
func (s *Service) CreateTenant(ctx context.Context, in CreateTenantInput, loginURL string) (*TenantDto, error) {
	if err := hostOnly(ctx); err != nil {
		return nil, err
	}
	f := tenantFields{name: in.Name, message: in.ActivationMessage, edition: editionOf(in.EditionID)}
	ve := &apperr.ValidationError{}
	if err := s.check(ctx, ve, &f, uuid.Nil); err != nil {
		return nil, err
	}
	if err := s.d.Identity.CheckTenantAdmin(ctx, "adminEmailAddress", in.AdminEmailAddress, "adminPassword", in.AdminPassword); err != nil {
		var adminVE *apperr.ValidationError
		if !errors.As(err, &adminVE) {
			return nil, err
		}
		ve.Fields = append(ve.Fields, adminVE.Fields...)
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	t := &identity.Tenant{Name: f.name, NormalizedName: normalize(f.name), IsActive: in.IsActive == nil || *in.IsActive,
		ActivationMessage: f.message, EditionID: f.edition}
	err := s.d.DB.InTx(host(ctx), func(ctx context.Context, tx bun.Tx) error {
		st := store{idb: tx, db: s.d.DB}
		if err := st.insertTenant(ctx, t); err != nil {
			return duplicateTenant(err, f.name)
		}
		tctx := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &t.ID, Name: t.Name, IsActive: true})
		if s.d.SeedTenant != nil {
			if err := s.d.SeedTenant(tctx, tx); err != nil {
				return fmt.Errorf("seed tenant %s: %w", t.Name, err)
			}
		}
		if _, err := s.d.Identity.CreateTenantAdmin(tctx, tx, in.AdminEmailAddress, in.AdminPassword); err != nil {
			return err
		}
		s.d.Identity.TenantChanged(ctx, t.ID)
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.sendCreated(ctx, t, strings.TrimSpace(in.AdminEmailAddress), loginURL)
	return s.tenantDto(ctx, t)
}

// sendCreated queues the "tenant created" e-mail (text template Kerf.TenantCreated, in the
// caller's language) to the tenant's administrator. The tenant exists whatever happens here:
// a failure is logged, not answered.
func (s *Service) sendCreated(ctx context.Context, t *identity.Tenant, to, loginURL string) {
	if s.d.Templates == nil || s.d.Mail == nil {
		return
	}
	hctx := host(ctx)
	html, err := s.d.Templates.Render(hctx, texttemplate.TenantCreated, texttemplate.TenantCreatedModel{
		TenantName: t.Name, AdminUserName: identity.AdminUserName, AdminEmailAddress: to, LoginURL: loginURL})
	if err == nil {
		subject := "Tenant " + t.Name
		if s.d.Catalog != nil {
			subject = s.d.Catalog.T(hctx, KeyTenantCreatedSubject, t.Name)
		}
		err = s.d.Mail.Send(hctx, email.Message{To: to, Subject: subject, HTML: html})
	}
	if err != nil {
		slog.ErrorContext(ctx, "saas: tenant created e-mail", "tenant", t.Name, "err", err)
	}
}

// UpdateTenant changes a tenant's name, edition, state and activation message. A new edition
// drops every replica's cached edition of the tenant (its feature values follow at once); any
// change drops the cached tenant (logins and check-tenant read it).
func (s *Service) UpdateTenant(ctx context.Context, id uuid.UUID, in UpdateTenantInput) (*TenantDto, error) {
	if err := hostOnly(ctx); err != nil {
		return nil, err
	}
	t, err := s.store.tenant(ctx, id)
	if err != nil {
		return nil, err
	}
	f := tenantFields{name: in.Name, message: in.ActivationMessage, edition: editionOf(in.EditionID)}
	ve := &apperr.ValidationError{}
	if err := s.check(ctx, ve, &f, id); err != nil {
		return nil, err
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	editionChanged := !sameID(t.EditionID, f.edition)
	t.Name, t.NormalizedName, t.ActivationMessage, t.EditionID = f.name, normalize(f.name), f.message, f.edition
	if in.IsActive != nil {
		t.IsActive = *in.IsActive
	}
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.updateTenant(ctx, t, in.ConcurrencyStamp); err != nil {
			return duplicateTenant(err, f.name)
		}
		s.d.Identity.TenantChanged(ctx, id)
		if editionChanged && s.d.Features != nil {
			return s.d.Features.TenantEditionChanged(ctx, id)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.tenantDto(ctx, t)
}

// DeleteTenant deletes a tenant (softly: its rows stay) with its feature values; its users
// can no longer log in, and their refresh tokens stop working.
func (s *Service) DeleteTenant(ctx context.Context, id uuid.UUID) error {
	if err := hostOnly(ctx); err != nil {
		return err
	}
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		t, err := tx.tenant(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.deleteTenant(ctx, t); err != nil {
			return err
		}
		s.d.Identity.TenantChanged(ctx, id)
		if s.d.Features != nil {
			if err := s.d.Features.DeleteProvider(host(ctx), tx.idb, feature.Tenant, id); err != nil {
				return err
			}
			return s.d.Features.TenantEditionChanged(ctx, id)
		}
		return nil
	})
}

func sameID(a, b *uuid.UUID) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}
