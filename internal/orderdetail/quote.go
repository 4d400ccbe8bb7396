package orderdetail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// QuoteTokenLifetime is how long a quotation token may be used: the page downloads the file
// as soon as it has the token.
const QuoteTokenLifetime = 2 * time.Minute

// QuoteToken issues a token to download the quotation of an order of the current side: bound
// to the order, the side and the caller's language, valid QuoteTokenLifetime (the files
// area's download tokens work alike; the quotation is made when it is downloaded, so it has
// no file descriptor to hang one on).
func (s *Service) QuoteToken(ctx context.Context, orderID uuid.UUID) (string, error) {
	o, err := s.order(ctx, orderID)
	if err != nil {
		return "", err
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("quotation token: %w", err)
	}
	tok := &quoteToken{Token: hex.EncodeToString(b), TenantID: o.TenantID, SalesOrderID: o.ID,
		Culture: localization.CultureFrom(ctx), ExpiresAt: time.Now().UTC().Add(QuoteTokenLifetime)}
	if err := s.store.insertQuoteToken(ctx, tok); err != nil {
		return "", err
	}
	return tok.Token, nil
}

// WriteQuote writes the quotation of order orderID, which token was issued for, as an .xlsx
// in the language the token was asked in. An unknown, expired or other order's token is
// ErrForbidden, as the files area answers its download tokens.
func (s *Service) WriteQuote(ctx context.Context, orderID uuid.UUID, token string, out io.Writer) error {
	tok, err := s.store.quoteToken(ctx, token, orderID)
	if err != nil {
		return err
	}
	ctx = tenancy.WithTenant(ctx, tenancy.Tenant{ID: tok.TenantID})
	ctx = localization.WithCulture(ctx, tok.Culture)
	o, err := s.order(ctx, orderID)
	if err != nil {
		return err
	}
	return s.writeQuote(ctx, o, out)
}
