package main

import (
	"context"
	"io"

	"kerf/internal/cutting"
)

// optimize runs the panel-saw cutting optimiser on CSV files (see `kerf optimize -h`).
func optimize(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return cutting.RunCLI(ctx, args, stdout, stderr)
}
