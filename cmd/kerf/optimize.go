package main

import (
	"context"
	"fmt"
	"io"
)

func optimize(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	_ = ctx
	_ = args
	_ = stdout
	fmt.Fprintln(stderr, "kerf optimize: the optimiser is not built into this binary yet")
	return 1
}
