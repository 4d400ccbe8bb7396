// Package files stores uploaded files: images and dashboard files served back publicly
// by their random names (so an <img src> works without a token), and generic file
// descriptors downloaded with a short-lived token. The bytes live in the blob store;
// the rows here say whose they are and what they are.
package files

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Kinds of stored files.
const (
	KindImage      = "image"      // POST /api/datav/files/images/upload
	KindDatav      = "datav"      // POST /api/datav/files/upload
	KindDescriptor = "descriptor" // POST /api/file-management/file-descriptor/upload
)

// MaxUpload is the largest file accepted: 50 MB (spec 001 §7).
const MaxUpload = 52428800

// TokenLifetime is how long a download token is valid.
const TokenLifetime = 60 * time.Second

// FileDescriptor is one stored file.
type FileDescriptor struct {
	bun.BaseModel `bun:"table:file_descriptors,alias:fd"`
	db.Entity
	Name       string `bun:"name,notnull" json:"name" doc:"The uploaded file's name"`
	MimeType   string `bun:"mime_type,notnull" json:"mimeType"`
	Size       int64  `bun:"size,notnull" json:"size"`
	Kind       string `bun:"kind,notnull" json:"-"`
	PublicName string `bun:"public_name,notnull" json:"-"` // random, unique: <uuid><ext>
	BlobKey    string `bun:"blob_key,notnull" json:"-"`
}

// DownloadToken lets one file be downloaded without a bearer token until it expires.
type DownloadToken struct {
	bun.BaseModel `bun:"table:file_download_tokens,alias:dt"`
	Token         string     `bun:"token,pk"`
	FileID        uuid.UUID  `bun:"file_id,type:uuid,notnull"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	ExpiresAt     time.Time  `bun:"expires_at,notnull"`
}

// Uploaded answers an image or dashboard file upload.
type Uploaded struct {
	FileURL  string    `json:"fileUrl" doc:"Where the file is served, publicly"`
	Name     string    `json:"name" doc:"The stored name; DELETE /api/datav/files?name= takes it"`
	ID       uuid.UUID `json:"id"`
	MimeType string    `json:"mimeType"`
	Size     int64     `json:"size"`
}

// Descriptor answers a file-descriptor upload.
type Descriptor struct {
	ID       uuid.UUID `json:"id"`
	Name     string    `json:"name"`
	MimeType string    `json:"mimeType"`
	Size     int64     `json:"size"`
	URL      string    `json:"url" doc:"Download path; needs ?token= from …/download/{id}/token"`
}

// TokenResult answers a download-token request.
type TokenResult struct {
	Token string `json:"token"`
}
