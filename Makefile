# Kerf: `make run` builds everything and starts the server with demo data;
# `make test` runs every suite (Go on SQLite and, with KERF_TEST_POSTGRES_URL, PostgreSQL;
# web unit tests; browser tests against the real binary).

GO      ?= go
BIN     := bin/kerf
WEB_SRC := $(shell find web/src web/index.html web/vite.config.ts web/public -type f 2>/dev/null)

.PHONY: run build web test test-go test-web test-e2e check-api vet bench clean

run: build
	./$(BIN) serve

build: web/dist/index.html
	$(GO) build -o $(BIN) ./cmd/kerf

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SRC)
	cd web && npm run build
	@touch web/dist/.keep

web: web/dist/index.html

vet:
	@test -z "$$(gofmt -l cmd internal scripts web/embed.go)" || (echo "gofmt needed:"; gofmt -l cmd internal scripts web/embed.go; exit 1)
	$(GO) vet ./...

test: build vet check-api test-go test-web test-e2e

# The web app's API types must match the server's OpenAPI document.
check-api: web/node_modules/.package-lock.json
	bash scripts/check-api.sh

test-go:
	$(GO) test -race -count=1 -timeout 20m ./...

test-web: web/node_modules/.package-lock.json
	cd web && npm run test:unit

test-e2e: build
	bash scripts/ensure-chromium.sh
	cd web && KERF_BIN=$(CURDIR)/$(BIN) npm run test:e2e

bench:
	$(GO) test -run '^$$' -bench . -benchtime 2s ./internal/...

clean:
	rm -rf bin web/dist/assets web/dist/index.html
