# Kerf: `make run` builds everything and starts the server with demo data;
# `make test` runs every suite (Go on SQLite and, with KERF_TEST_POSTGRES_URL, PostgreSQL;
# web unit tests; browser tests against the real binary; with KERF_TEST_POSTGRES_URL, the
# browser suite through two replicas on one PostgreSQL behind a round-robin proxy).

GO      ?= go
BIN     := bin/kerf
WEB_SRC := $(shell find web/src web/index.html web/vite.config.ts web/public -type f 2>/dev/null)

.PHONY: run build web test test-go test-web test-e2e test-e2e-replicas check-api vet bench clean

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

test: build vet check-api test-go test-web test-e2e test-e2e-replicas

# The web app's API types must match the server's OpenAPI document.
check-api: web/node_modules/.package-lock.json
	bash scripts/check-api.sh

test-go:
	$(GO) test -race -count=1 -timeout 20m ./...

test-web: web/node_modules/.package-lock.json
	cd web && npm run test:unit

# Browser suites, one server each; the two-replica suite runs in test-e2e-replicas.
E2E_REPLICAS := e2e/replicas.test.mjs
E2E_SINGLE   := $(filter-out $(E2E_REPLICAS),$(patsubst web/%,%,$(wildcard web/e2e/*.test.mjs)))

test-e2e: build
	bash scripts/ensure-chromium.sh
	cd web && KERF_BIN=$(CURDIR)/$(BIN) node --test --test-concurrency=1 $(E2E_SINGLE)

# Two `kerf serve` replicas (the binary built above) on a fresh database of the PostgreSQL
# at KERF_TEST_POSTGRES_URL, behind a round-robin proxy: log in on one, work on the other.
test-e2e-replicas: build
	@if [ -n "$$KERF_TEST_POSTGRES_URL" ]; then \
	  set -ex; \
	  bash scripts/ensure-chromium.sh; \
	  cd web && KERF_BIN=$(CURDIR)/$(BIN) node --test --test-concurrency=1 $(E2E_REPLICAS); \
	elif [ "$$CI" = true ]; then \
	  echo "test-e2e-replicas: KERF_TEST_POSTGRES_URL must be set in CI: the two-replica browser suite runs on PostgreSQL" >&2; \
	  echo "  e.g. KERF_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable' (psql must be installed)" >&2; \
	  exit 1; \
	else \
	  echo "test-e2e-replicas: not run: KERF_TEST_POSTGRES_URL is not set (the two-replica suite needs PostgreSQL)"; \
	fi

bench:
	$(GO) test -run '^$$' -bench . -benchtime 2s ./internal/...

clean:
	rm -rf bin web/dist/assets web/dist/index.html
