package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"kerf/internal/app"
	"kerf/internal/oidc"
	"kerf/internal/platform/config"
)

// keysCmd is `kerf keys [list|rotate] [flags]`: the token signing keys kept (encrypted with
// the secret) in the database. rotate makes a new key that signs at once; every replica
// hears of it through the bus, and the older keys verify until their tokens expire.
func keysCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	sub := "list"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	}
	if sub != "list" && sub != "rotate" {
		return fmt.Errorf("unknown subcommand %q: want list or rotate", sub)
	}
	cfg, err := config.Parse("keys "+sub, args, stderr)
	if err != nil {
		return err
	}
	a, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.Exclusive(ctx, a.Migrate); err != nil { // as kerf migrate: never beside a starting replica's
		return err
	}
	var mod *oidc.Module
	for _, m := range a.Modules {
		if o, ok := m.(*oidc.Module); ok {
			mod = o
		}
	}
	if mod == nil {
		return errors.New("the app has no oidc area")
	}
	if sub == "rotate" {
		k, err := mod.RotateKey(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "new signing key %s signs from now on; older keys verify until their tokens expire\n\n", k.ID)
	}
	keys, err := mod.SigningKeys(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KEY ID\tGENERATION\tCREATED\tUSE")
	for _, k := range keys {
		use := "verifies"
		if k.Signing {
			use = "signs"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", k.ID, k.Generation, k.Created.UTC().Format(time.RFC3339), use)
	}
	return tw.Flush()
}
