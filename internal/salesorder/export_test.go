package salesorder

// SetMaxFileSize lowers the largest order file for a test; the answer restores it.
func SetMaxFileSize(n int64) (restore func()) {
	old := maxFileSize
	maxFileSize = n
	return func() { maxFileSize = old }
}
