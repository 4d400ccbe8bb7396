package optimization

import "io"

// WritePTX writes a finished run as a PTX saw file.
func WritePTX(w io.Writer, res *RunResult) error { return nil }
