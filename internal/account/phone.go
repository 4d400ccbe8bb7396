package account

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// RegisterInput is the body of POST /api/account/phone/register: a new user of the request's
// tenant, proved by the register code sent to the phone.
type RegisterInput struct {
	PhoneNumber string `json:"phoneNumber" maxLength:"32" doc:"The phone number the register code was sent to"`
	Code        string `json:"code" maxLength:"16" doc:"The register code (purpose 0)"`
	UserName    string `json:"userName,omitempty" maxLength:"256" doc:"Absent: the phone number. Letters, digits and - . _ @ +"`
	Password    string `json:"password" maxLength:"128" doc:"Checked against the password rules (settings Abp.Identity.Password.*)"`
	Name        string `json:"name,omitempty" maxLength:"64"`
}

// ResetPasswordInput is the body of PUT /api/account/phone/reset-password.
type ResetPasswordInput struct {
	PhoneNumber string `json:"phoneNumber" maxLength:"32" doc:"The phone number of the user"`
	Code        string `json:"code" maxLength:"16" doc:"The password-reset code (purpose 20)"`
	NewPassword string `json:"newPassword" maxLength:"128" doc:"Checked against the password rules"`
}

// Limits of the inputs (the tags above say the same; TestInputTagsStateTheServiceRules).
const (
	maxPhoneInput = 32
	maxCode       = 16
)

// checkPhone adds the phone's and the code's mistakes to ve and answers the normalised phone.
func checkPhone(ve *apperr.ValidationError, phone, code string) string {
	norm := normalizePhone(phone)
	switch {
	case norm == "":
		ve.Add("phoneNumber", localization.KeyRequired, KeyFieldPhoneNumber)
	case utf8.RuneCountInString(phone) > maxPhoneInput || !phonePattern.MatchString(strings.TrimSpace(phone)):
		ve.Add("phoneNumber", KeyPhoneInvalid)
	}
	switch code = strings.TrimSpace(code); {
	case code == "":
		ve.Add("code", localization.KeyRequired, KeyFieldCode)
	case utf8.RuneCountInString(code) > maxCode:
		ve.Add("code", localization.KeyTooLong, KeyFieldCode, maxCode)
	}
	return norm
}

// Register creates a user of the ctx tenant with a confirmed phone number, the tenant's
// default roles and the given password, once the register code sent to the phone is right.
// The user name defaults to the phone number. The input's mistakes (password rules, a taken
// phone or user name) are answered before the code is looked at, so they do not use it up; a
// wrong or expired code changes nothing but the code's count of tries.
func (s *Service) Register(ctx context.Context, in RegisterInput) (*identity.User, error) {
	if err := s.checkSelfRegistration(ctx); err != nil {
		return nil, err
	}
	ve := &apperr.ValidationError{}
	phone := checkPhone(ve, in.PhoneNumber, in.Code)
	userName := strings.TrimSpace(in.UserName)
	if userName == "" {
		userName = phone
	}
	if err := s.checkPassword(ctx, ve, "password", identity.KeyFieldPassword, in.Password); err != nil {
		return nil, err
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	if _, err := s.identity.FindByPhone(ctx, phone); err == nil {
		return nil, apperr.Invalid("phoneNumber", KeyPhoneTaken)
	} else if !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}
	if _, err := s.identity.UserByName(ctx, userName); err == nil {
		return nil, apperr.Invalid("userName", identity.KeyDuplicateUserName, userName)
	} else if !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}
	codeID, err := s.takeCode(ctx, PurposeRegister, phone, in.Code)
	if err != nil {
		return nil, err
	}
	u, err := s.identity.CreateUser(ctx, identity.CreateUserInput{UserName: userName, Name: strings.TrimSpace(in.Name),
		Phone: phone, PhoneNumberConfirmed: true, Password: in.Password, LockoutEnabled: true})
	if err != nil {
		// A mistake found only now (a user name the identity rules refuse, a phone or name
		// taken a moment ago) leaves the code to be used again.
		s.restoreCode(ctx, codeID)
		return nil, err
	}
	return u, nil
}

// ResetPassword sets the password of the ctx tenant's user with that phone number, once the
// password-reset code sent to it is right, and signs the user out everywhere (identity's
// ResetPassword runs the sign-out hooks in its transaction). It answers the user.
func (s *Service) ResetPassword(ctx context.Context, in ResetPasswordInput) (*identity.User, error) {
	ve := &apperr.ValidationError{}
	phone := checkPhone(ve, in.PhoneNumber, in.Code)
	if err := s.checkPassword(ctx, ve, "newPassword", identity.KeyFieldNewPassword, in.NewPassword); err != nil {
		return nil, err
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	u, err := s.identity.FindByPhone(ctx, phone)
	if errors.Is(err, db.ErrNotFound) {
		return nil, apperr.Invalid("phoneNumber", KeyPhoneNotRegistered)
	}
	if err != nil {
		return nil, err
	}
	codeID, err := s.takeCode(ctx, PurposeResetPassword, phone, in.Code)
	if err != nil {
		return nil, err
	}
	if err := s.identity.ResetPassword(ctx, u.ID, in.NewPassword); err != nil {
		s.restoreCode(ctx, codeID)
		return nil, fmt.Errorf("reset password by phone: %w", err)
	}
	return u, nil
}

// checkPassword adds to ve the identity password rules password breaks (the rules in force
// in the ctx tenant) and its length; it answers an error only when the rules cannot be read.
func (s *Service) checkPassword(ctx context.Context, ve *apperr.ValidationError, field, label, password string) error {
	err := s.identity.ValidatePassword(ctx, field, password)
	var pe *apperr.ValidationError
	switch {
	case errors.As(err, &pe):
		ve.Fields = append(ve.Fields, pe.Fields...)
	case err != nil:
		return err
	}
	if utf8.RuneCountInString(password) > identity.MaxPassword {
		ve.Add(field, localization.KeyTooLong, label, identity.MaxPassword)
	}
	return nil
}
